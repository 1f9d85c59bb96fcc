import type { WorkOrderDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf, onWorkOrder, type WorkOrderScope } from './work-orders.ts';

/** A comment on an open order, in its history. */
export function commentWorkOrder(
  services: Services,
  request: FastifyRequest,
  scope: WorkOrderScope,
  { workOrderId, content }: { workOrderId: string; content: string },
): Promise<WorkOrderDetail> {
  return onWorkOrder(services, request, scope, workOrderId, {
    type: 'CommentWorkOrder',
    content,
    assigneeOnly: scope === 'mine',
    ...actorOf(request),
  });
}
