import { customerTypeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { customerTypeOf } from './customer-types.ts';

/** Deletes the types of a comma-separated id list, when no customer has any of them. */
export async function deleteCustomerTypes(
  { db, store }: Services,
  request: FastifyRequest,
  customerTypeIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(customerTypeIds)) {
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
