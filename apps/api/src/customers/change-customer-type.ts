import { customerTypeDecider } from '@hydrolog/domain';
import type { CustomerTypeView, updateCustomerTypeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { customerTypeOf } from './customer-types.ts';

export async function changeCustomerType(
  { db, store }: Services,
  request: FastifyRequest,
  { customerTypeId, version, name, remark }: z.output<typeof updateCustomerTypeBodySchema>,
): Promise<CustomerTypeView> {
  await customerTypeOf(db, request, customerTypeId);
  await execute(
    store,
    customerTypeDecider,
    customerTypeId,
    [{ type: 'ChangeCustomerType', name, remark: remark || null }],
    commandContext(request, 'error.customerType.exists', version),
  );
  return customerTypeOf(db, request, customerTypeId);
}
