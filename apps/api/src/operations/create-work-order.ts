import { workOrderDecider } from '@hydrolog/domain';
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
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import {
  actorOf,
  alarmMetersOf,
  isStaffUser,
  meterOfNumber,
  tenantToday,
  workOrderOf,
} from './work-orders.ts';

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
  await execute(
    store,
    workOrderDecider,
    workOrderId,
    [
      {
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
        alarmMeters: await alarmMetersOf(db, request, body.alarmIds),
        assigneeKnown: await isStaffUser(db, request, assigneeId),
        meterKnown: meter.meterKnown,
        today: await tenantToday(db, request),
        ...actorOf(request),
      },
    ],
    commandContext(request, 'error.workOrder.exists'),
  );
  return workOrderOf(db, request, kind, workOrderId);
}
