import type { WorkOrderDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf, onWorkOrder, type WorkOrderScope } from './work-orders.ts';

/** A processing order is done, with a remark; the alarms it was made from are named for processing. */
export function completeWorkOrder(
  services: Services,
  request: FastifyRequest,
  scope: WorkOrderScope,
  { workOrderId, remark }: { workOrderId: string; remark: string },
): Promise<WorkOrderDetail> {
  return onWorkOrder(services, request, scope, workOrderId, {
    type: 'CompleteWorkOrder',
    remark,
    assigneeOnly: scope === 'mine',
    ...actorOf(request),
  });
}
