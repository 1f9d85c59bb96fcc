import type { AssignWorkOrderBody, WorkOrderDetail, WorkOrderKind } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf, isStaffUser, onWorkOrder } from './work-orders.ts';

/** Gives an open order to a staff user of the tenant. */
export async function assignWorkOrder(
  services: Services,
  request: FastifyRequest,
  kind: WorkOrderKind,
  { workOrderId, assigneeId }: AssignWorkOrderBody,
): Promise<WorkOrderDetail> {
  return onWorkOrder(services, request, kind, workOrderId, {
    type: 'AssignWorkOrder',
    assigneeId,
    assigneeKnown: await isStaffUser(services.db, request, assigneeId),
    ...actorOf(request),
  });
}
