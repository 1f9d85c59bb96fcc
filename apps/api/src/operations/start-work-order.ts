import type { WorkOrderDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf, onWorkOrder, type WorkOrderScope } from './work-orders.ts';

/** The assignee starts a pending order: it is processing. */
export function startWorkOrder(
  services: Services,
  request: FastifyRequest,
  scope: WorkOrderScope,
  workOrderId: string,
): Promise<WorkOrderDetail> {
  return onWorkOrder(services, request, scope, workOrderId, {
    type: 'StartWorkOrder',
    assigneeOnly: scope === 'mine',
    ...actorOf(request),
  });
}
