import { meterAlarmDecider, meterAlarmStreamId, workOrderDecider } from '@hydrolog/domain';
import {
  uuidv7,
  WORK_ORDER_TYPES,
  type WorkOrderDetail,
  type WorkOrderInput,
  type WorkOrderKind,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { actorOf, alarmsOf, isStaffUser, meterOfNumber, tenantToday, workOrderOf } from './work-orders.ts';

/** A new work order of a kind, by hand or from selected alarms (all for one meter). */
export async function createWorkOrder(
  services: Services,
  request: FastifyRequest,
  kind: WorkOrderKind,
  body: WorkOrderInput,
): Promise<WorkOrderDetail> {
  const { db, store } = services;
  const workOrderId = uuidv7();
  const meter = await meterOfNumber(db, request, body.meterNo);
  const assigneeId = body.assigneeId ?? null;
  const alarms = await alarmsOf(db, request, body.alarmIds);
  const actor = actorOf(request);
  await executeAll(
    store,
    [
      {
        decider: workOrderDecider,
        id: workOrderId,
        command: {
          type: 'CreateWorkOrder',
          workOrderId,
          tenantId: callerOf(request).tenantId,
          workOrderType: WORK_ORDER_TYPES[kind],
          title: body.title,
          description: body.description,
          meterId: meter.meterId,
          assigneeId,
          dueDate: body.dueDate ?? null,
          alarmIds: body.alarmIds,
          alarmMeters: Object.fromEntries(alarms.map((alarm) => [alarm.alarmId, alarm.meterId])),
          assigneeKnown: await isStaffUser(db, request, assigneeId),
          meterKnown: meter.meterKnown,
          today: await tenantToday(db, request),
          ...actor,
        },
      },
      // The order's alarms are being processed from now on; one already closed refuses the order.
      ...alarms.map((alarm) => ({
        decider: meterAlarmDecider,
        id: meterAlarmStreamId(alarm),
        command: { type: 'TakeMeterAlarmIntoWork', workOrderId, takenAt: actor.at },
      })),
    ],
    commandContext(request, 'error.workOrder.exists'),
  );
  return workOrderOf(db, request, kind, workOrderId);
}
