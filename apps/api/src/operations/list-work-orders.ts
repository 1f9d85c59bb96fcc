import { listMyWorkOrders, listWorkOrders, workOrderAssignees } from '@hydrolog/projections';
import {
  type MyWorkOrderListQuery,
  type PageQuery,
  WORK_ORDER_TYPES,
  type WorkOrderAssignee,
  type WorkOrderKind,
  type WorkOrderListQuery,
  type WorkOrderView,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { tenantToday } from './work-orders.ts';

type Page = { total: number; rows: WorkOrderView[] };

/** The orders of a kind, filtered, open ones first. */
export async function workOrderList(
  db: Services['db'],
  request: FastifyRequest,
  kind: WorkOrderKind,
  query: PageQuery & WorkOrderListQuery,
): Promise<Page> {
  const today = await tenantToday(db, request);
  return readAsCaller(db, request, (sql) => listWorkOrders(sql, WORK_ORDER_TYPES[kind], { ...query, today }));
}

/** The caller's own orders, open ones first, the soonest due first. */
export async function myWorkOrderList(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & MyWorkOrderListQuery,
): Promise<Page> {
  const today = await tenantToday(db, request);
  const { userId } = callerOf(request);
  return readAsCaller(db, request, (sql) => listMyWorkOrders(sql, userId, { ...query, today }));
}

/** The staff users an order can be given to. */
export function assigneeChoices(db: Services['db'], request: FastifyRequest): Promise<WorkOrderAssignee[]> {
  return readAsCaller(db, request, (sql) => workOrderAssignees(sql));
}
