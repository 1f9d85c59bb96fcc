import { customerTypeDecider } from '@hydrolog/domain';
import { type CustomerTypeView, type customerTypeBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { customerTypeOf } from './customer-types.ts';

export async function createCustomerType(
  { db, store }: Services,
  request: FastifyRequest,
  { name, remark }: z.output<typeof customerTypeBodySchema>,
): Promise<CustomerTypeView> {
  const customerTypeId = uuidv7();
  await execute(
    store,
    customerTypeDecider,
    customerTypeId,
    [
      {
        type: 'CreateCustomerType',
        customerTypeId,
        tenantId: callerOf(request).tenantId,
        name,
        remark: remark || null,
        createdAt: new Date().toISOString(),
      },
    ],
    commandContext(request, 'error.customerType.exists'),
  );
  return customerTypeOf(db, request, customerTypeId);
}
