import { customerTypeDecider, DomainError } from '@hydrolog/domain';
import { getCustomerType, listCustomerTypes } from '@hydrolog/projections';
import {
  type CustomerTypeView,
  type customerTypeBodySchema,
  type updateCustomerTypeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute, executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';

/** A customer type of the caller's tenant; another tenant's is "not found". */
export async function customerTypeOf(
  db: Services['db'],
  request: FastifyRequest,
  customerTypeId: string,
): Promise<CustomerTypeView> {
  const found = await readAsCaller(db, request, (sql) => getCustomerType(sql, customerTypeId));
  if (!found) throw new DomainError('error.customerType.notFound');
  return found;
}

/** Every customer type of the tenant, for choosing. */
export async function customerTypeOptions(
  db: Services['db'],
  request: FastifyRequest,
): Promise<CustomerTypeView[]> {
  const page = await readAsCaller(db, request, (sql) =>
    listCustomerTypes(sql, { pageNum: 1, pageSize: 1000 }),
  );
  return page.rows;
}

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

/** Deletes the types of a comma-separated id list, when no customer has any of them. */
export async function deleteCustomerTypes(
  { db, store }: Services,
  request: FastifyRequest,
  customerTypeIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of new Set(customerTypeIds.split(','))) {
    const { customerCount } = await customerTypeOf(db, request, id);
    deletions.push({
      decider: customerTypeDecider,
      id,
      command: { type: 'DeleteCustomerType', customers: customerCount },
    });
  }
  // One transaction: one refused type leaves every type in place.
  await executeAll(store, deletions, commandContext(request, 'error.customerType.exists'));
}
