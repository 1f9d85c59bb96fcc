import { meterAlarmDecider, meterAlarmStreamId } from '@hydrolog/domain';
import type { WorkOrderDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf, alarmsOf, onWorkOrder, type WorkOrderScope } from './work-orders.ts';

/** A processing order is done, with a remark; the alarms it was made from are processed with it. */
export function completeWorkOrder(
  services: Services,
  request: FastifyRequest,
  scope: WorkOrderScope,
  { workOrderId, remark }: { workOrderId: string; remark: string },
): Promise<WorkOrderDetail> {
  const actor = actorOf(request);
  return onWorkOrder(
    services,
    request,
    scope,
    workOrderId,
    { type: 'CompleteWorkOrder', remark, assigneeOnly: scope === 'mine', ...actor },
    undefined,
    async (order) =>
      (await alarmsOf(services.db, request, order.alarmIds)).map((alarm) => ({
        decider: meterAlarmDecider,
        id: meterAlarmStreamId(alarm),
        command: { type: 'ProcessMeterAlarmByWorkOrder', remark, processedAt: actor.at },
      })),
  );
}
