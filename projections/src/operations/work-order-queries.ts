import type { Sql } from '@hydrolog/eventstore';
import type {
  MyWorkOrderListQuery,
  PageQuery,
  WorkOrderAssignee,
  WorkOrderDetail,
  WorkOrderHistoryEntry,
  WorkOrderListQuery,
  WorkOrderType,
  WorkOrderView,
} from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

/** The tenant's day, for "overdue": an open order whose due date is before it. */
interface Today {
  today: string;
}

const ORDER_SELECT = `SELECT w.work_order_id::text, w.work_order_type, w.title, w.description, w.status,
    w.meter_id::text, m.meter_no, w.alarm_ids, w.assignee_id::text, a.nick_name AS assignee_name,
    w.due_date::text, w.remark, w.attachments, c.nick_name AS created_by_name, w.created_at, w.updated_at,
    w.completed_at, w.version,
    (w.status IN ('pending', 'processing') AND w.due_date < $1::date) AS overdue
  FROM work_orders w
  LEFT JOIN meters m ON m.meter_id = w.meter_id
  LEFT JOIN users a ON a.user_id = w.assignee_id
  LEFT JOIN users c ON c.user_id = w.created_by`;

/** Open orders first, the soonest due first, then the newest. */
const OPEN_FIRST = `ORDER BY (w.status IN ('pending', 'processing')) DESC, w.due_date NULLS LAST,
  w.created_at DESC, w.work_order_id`;

/** The orders of one type, filtered, open ones first. */
export function listWorkOrders(
  sql: Sql,
  workOrderType: WorkOrderType,
  query: PageQuery & WorkOrderListQuery & Today,
) {
  // $1 (today) is used by the select only: the count gets the filters from $1 on.
  const filters = [
    workOrderType,
    containsPattern(query.title),
    query.status ?? null,
    query.assigneeId ?? null,
    containsPattern(query.meterNo),
  ];
  const where = (offset: number) =>
    `WHERE w.work_order_type = $${offset} AND ($${offset + 1}::text IS NULL OR w.title ILIKE $${offset + 1})
       AND ($${offset + 2}::text IS NULL OR w.status = $${offset + 2})
       AND ($${offset + 3}::uuid IS NULL OR w.assignee_id = $${offset + 3})
       AND ($${offset + 4}::text IS NULL OR m.meter_no ILIKE $${offset + 4})`;
  return listPage(sql, where, filters, query, OPEN_FIRST);
}

/** The orders assigned to a user, of both types: open ones first, the soonest due first. */
export function listMyWorkOrders(
  sql: Sql,
  assigneeId: string,
  query: PageQuery & MyWorkOrderListQuery & Today,
) {
  const where = (offset: number) =>
    `WHERE w.assignee_id = $${offset} AND ($${offset + 1}::text IS NULL OR w.status = $${offset + 1})`;
  return listPage(sql, where, [assigneeId, query.status ?? null], query, OPEN_FIRST);
}

/** A page of orders: the filters' placeholders numbered from `offset` ($1 is today in the select). */
async function listPage(
  sql: Sql,
  where: (offset: number) => string,
  filters: unknown[],
  query: PageQuery & Today,
  order: string,
): Promise<{ total: number; rows: WorkOrderView[] }> {
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM work_orders w LEFT JOIN meters m ON m.meter_id = w.meter_id ${where(1)}`,
    filters,
  );
  const params = [query.today, ...filters];
  const { rows } = await sql.query<Record<string, unknown>>(
    `${ORDER_SELECT} ${where(2)} ${order} ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(workOrderView) };
}

/** An order with its history, oldest first; null when the tenant has no such order. */
export async function getWorkOrder(
  sql: Sql,
  workOrderId: string,
  today: string,
): Promise<WorkOrderDetail | null> {
  const { rows } = await sql.query<Record<string, unknown>>(`${ORDER_SELECT} WHERE w.work_order_id = $2`, [
    today,
    workOrderId,
  ]);
  if (!rows[0]) return null;
  const history = await sql.query<Record<string, unknown>>(
    `SELECT h.kind, h.user_id::text, u.nick_name AS user_name, h.at, h.text, a.nick_name AS assignee_name, h.url
     FROM work_order_history h
     LEFT JOIN users u ON u.user_id = h.user_id
     LEFT JOIN users a ON a.user_id = h.assignee_id
     WHERE h.work_order_id = $1 ORDER BY h.seq`,
    [workOrderId],
  );
  return {
    ...workOrderView(rows[0]),
    history: history.rows.map(
      (h): WorkOrderHistoryEntry => ({
        kind: h.kind as WorkOrderHistoryEntry['kind'],
        userId: (h.user_id as string | null) ?? null,
        userName: (h.user_name as string | null) ?? null,
        time: (h.at as Date).toISOString(),
        text: (h.text as string | null) ?? null,
        assigneeName: (h.assignee_name as string | null) ?? null,
        url: (h.url as string | null) ?? null,
      }),
    ),
  };
}

/** The staff users of the tenant who can take an order (enabled ones), by name. */
export async function workOrderAssignees(sql: Sql): Promise<WorkOrderAssignee[]> {
  const { rows } = await sql.query<{ user_id: string; nick_name: string }>(
    "SELECT user_id::text, nick_name FROM users WHERE status = '0' ORDER BY lower(nick_name), user_id",
  );
  return rows.map((r) => ({ userId: r.user_id, nickName: r.nick_name }));
}

const iso = (value: unknown) => (value ? (value as Date).toISOString() : null);

function workOrderView(row: Record<string, unknown>): WorkOrderView {
  return {
    workOrderId: row.work_order_id as string,
    workOrderType: row.work_order_type as WorkOrderType,
    title: row.title as string,
    description: row.description as string,
    status: row.status as WorkOrderView['status'],
    meterId: (row.meter_id as string | null) ?? null,
    meterNo: (row.meter_no as string | null) ?? null,
    alarmIds: row.alarm_ids as string[],
    assigneeId: (row.assignee_id as string | null) ?? null,
    assigneeName: (row.assignee_name as string | null) ?? null,
    dueDate: (row.due_date as string | null) ?? null,
    overdue: row.overdue === true,
    remark: (row.remark as string | null) ?? null,
    attachments: row.attachments as string[],
    createBy: (row.created_by_name as string | null) ?? null,
    createTime: iso(row.created_at)!,
    updateTime: iso(row.updated_at),
    completeTime: iso(row.completed_at),
    version: Number(row.version),
  };
}
