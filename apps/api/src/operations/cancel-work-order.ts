import type { WorkOrderDetail, WorkOrderKind } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf, onWorkOrder } from './work-orders.ts';

/** An open order is dropped, with its reason. */
export function cancelWorkOrder(
  services: Services,
  request: FastifyRequest,
  kind: WorkOrderKind,
  { workOrderId, reason }: { workOrderId: string; reason: string },
): Promise<WorkOrderDetail> {
  return onWorkOrder(services, request, kind, workOrderId, {
    type: 'CancelWorkOrder',
    reason,
    ...actorOf(request),
  });
}
