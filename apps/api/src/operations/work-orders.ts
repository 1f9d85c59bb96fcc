import { DomainError, localDate, type WorkOrderCommand, workOrderDecider } from '@hydrolog/domain';
import {
  findMeters,
  getStaffUser,
  getWorkOrder,
  meterAlarmsByIds,
  tenantTimeZone,
} from '@hydrolog/projections';
import { WORK_ORDER_TYPES, type WorkOrderDetail, type WorkOrderKind } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';

/**
 * Where a work order is reached from: the page of its kind (maintenance, reading), or "my work orders",
 * which shows the caller's own orders of either kind and lets only their assignee act on them.
 */
export type WorkOrderScope = WorkOrderKind | 'mine';

/** The tenant's day today, as its staff count days (due dates, overdue). */
export async function tenantToday(db: Services['db'], request: FastifyRequest): Promise<string> {
  const timeZone = await readAsCaller(db, request, (sql) => tenantTimeZone(sql, callerOf(request).tenantId));
  return localDate(Date.now(), timeZone);
}

/** A work order of the caller's tenant within the scope, with its history; any other is "not found". */
export async function workOrderOf(
  db: Services['db'],
  request: FastifyRequest,
  scope: WorkOrderScope,
  workOrderId: string,
): Promise<WorkOrderDetail> {
  const today = await tenantToday(db, request);
  const found = await readAsCaller(db, request, (sql) => getWorkOrder(sql, workOrderId, today));
  const inScope =
    scope === 'mine'
      ? found?.assigneeId === callerOf(request).userId
      : found?.workOrderType === WORK_ORDER_TYPES[scope];
  if (!found || !inScope) throw new DomainError('error.workOrder.notFound');
  return found;
}

/** Whether a user is a staff user of the caller's tenant (row-level security hides the others). */
export async function isStaffUser(db: Services['db'], request: FastifyRequest, userId: string | null) {
  return userId === null || (await readAsCaller(db, request, (sql) => getStaffUser(sql, userId))) !== null;
}

/** The caller's tenant's meter of a number (none asked: no meter), and whether the tenant has it. */
export async function meterOfNumber(
  db: Services['db'],
  request: FastifyRequest,
  meterNo: string | undefined,
): Promise<{ meterId: string | null; meterKnown: boolean }> {
  if (meterNo === undefined) return { meterId: null, meterKnown: true };
  const found = await readAsCaller(db, request, (sql) =>
    findMeters(sql, callerOf(request).tenantId, [meterNo]),
  );
  const meterId = found.get(meterNo) ?? null;
  return { meterId, meterKnown: meterId !== null };
}

/** The caller's tenant's meter alarms of these ids (another tenant's or unknown ids are not among them). */
export function alarmsOf(db: Services['db'], request: FastifyRequest, alarmIds: readonly string[]) {
  return readAsCaller(db, request, (sql) => meterAlarmsByIds(sql, [...new Set(alarmIds)]));
}

/** The caller as the actor of a command, now. */
export const actorOf = (request: FastifyRequest) => ({
  actorId: callerOf(request).userId,
  at: new Date().toISOString(),
});

/**
 * Runs a command on an order of the scope (after checking the caller may see it) and answers the order as it
 * is then. From "my work orders", only the assignee may act (`assigneeOnly`, held by the decider).
 */
export async function onWorkOrder(
  { db, store }: Services,
  request: FastifyRequest,
  scope: WorkOrderScope,
  workOrderId: string,
  command: WorkOrderCommand,
  expectedVersion?: number,
  /** Steps on other aggregates that land with the command, or not at all (the order's alarms). */
  consequences: (order: WorkOrderDetail) => Promise<StreamCommand[]> = async () => [],
): Promise<WorkOrderDetail> {
  const order = await workOrderOf(db, request, scope, workOrderId);
  await executeAll(
    store,
    [
      {
        decider: workOrderDecider,
        id: workOrderId,
        command,
        expectedVersion: expectedVersion === undefined ? undefined : BigInt(expectedVersion),
      },
      ...(await consequences(order)),
    ],
    commandContext(request, 'error.workOrder.exists', expectedVersion),
  );
  return workOrderOf(db, request, scope, workOrderId);
}
