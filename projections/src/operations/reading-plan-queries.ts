import type { Sql } from '@hydrolog/eventstore';
import type { PageQuery, ReadingPlanDetail, ReadingPlanMeter, ReadingPlanView } from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

/** The meters of plan `p`: its group's members, or its listed meters. */
const PLAN_METERS = `(SELECT gm.meter_id FROM meter_group_members gm WHERE gm.group_id = p.group_id
    UNION SELECT unnest(p.meter_ids))`;
/** Whether meter `pm` has a reading on a day of plan `p`'s window. */
const READ_IN_WINDOW = `EXISTS (SELECT 1 FROM meter_daily d WHERE d.meter_id = pm.meter_id
    AND d.day BETWEEN p.start_date AND p.end_date AND d.readings > 0)`;

const SELECT = `SELECT p.plan_id::text, p.name, p.reader_id::text, u.nick_name AS reader_name,
    p.start_date::text, p.end_date::text, p.group_id::text, g.name AS group_name, s.meters, s.read,
    (p.end_date < $1::date AND s.read < s.meters) AS overdue, p.created_at
  FROM reading_plans p
  LEFT JOIN users u ON u.user_id = p.reader_id
  LEFT JOIN meter_groups g ON g.group_id = p.group_id
  CROSS JOIN LATERAL (SELECT count(*)::int AS meters, count(*) FILTER (WHERE ${READ_IN_WINDOW})::int AS read
    FROM ${PLAN_METERS} pm) s`;

interface Row {
  plan_id: string;
  name: string;
  reader_id: string;
  reader_name: string | null;
  start_date: string;
  end_date: string;
  group_id: string | null;
  group_name: string | null;
  meters: number;
  read: number;
  overdue: boolean;
  created_at: Date;
}

const view = (r: Row): ReadingPlanView => ({
  planId: r.plan_id,
  name: r.name,
  readerId: r.reader_id,
  readerName: r.reader_name,
  startDate: r.start_date,
  endDate: r.end_date,
  groupId: r.group_id,
  groupName: r.group_name,
  meters: r.meters,
  read: r.read,
  unread: r.meters - r.read,
  overdue: r.overdue,
  createTime: r.created_at.toISOString(),
});

/** The tenant's plans with their progress, the latest made first; `readerId`: only that reader's. */
export async function listReadingPlans(
  sql: Sql,
  query: PageQuery & { name?: string | undefined; readerId?: string | undefined; today: string },
): Promise<{ total: number; rows: ReadingPlanView[] }> {
  const filters = [containsPattern(query.name), query.readerId ?? null];
  const where = (o: number) =>
    `WHERE ($${o}::text IS NULL OR p.name ILIKE $${o}) AND ($${o + 1}::uuid IS NULL OR p.reader_id = $${o + 1})`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM reading_plans p ${where(1)}`,
    filters,
  );
  const params = [query.today, ...filters];
  const { rows } = await sql.query<Row>(
    `${SELECT} ${where(2)} ORDER BY p.created_at DESC, p.plan_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(view) };
}

/** A plan of the tenant with each meter's latest reading in its window (unread first), or null. */
export async function getReadingPlan(
  sql: Sql,
  planId: string,
  today: string,
): Promise<ReadingPlanDetail | null> {
  const { rows } = await sql.query<Row>(`${SELECT} WHERE p.plan_id = $2`, [today, planId]);
  if (!rows[0]) return null;
  const meters = await sql.query<{
    meter_id: string;
    meter_no: string;
    report_time: Date | null;
    total: number | null;
  }>(
    `SELECT pm.meter_id::text, m.meter_no, l.report_time, l.total
     FROM reading_plans p CROSS JOIN LATERAL ${PLAN_METERS} pm
     JOIN meters m ON m.meter_id = pm.meter_id
     LEFT JOIN LATERAL (SELECT d.report_time, d.total FROM meter_daily d WHERE d.meter_id = pm.meter_id
       AND d.day BETWEEN p.start_date AND p.end_date AND d.readings > 0 ORDER BY d.day DESC LIMIT 1) l ON true
     WHERE p.plan_id = $1
     ORDER BY (l.report_time IS NOT NULL), m.meter_no`,
    [planId],
  );
  const meterList: ReadingPlanMeter[] = meters.rows.map((r) => ({
    meterId: r.meter_id,
    meterNo: r.meter_no,
    read: r.report_time !== null,
    readAt: r.report_time?.toISOString() ?? null,
    total: r.total,
  }));
  return { ...view(rows[0]), meterList };
}

/** The plans a reader reads (the session's `readMeters`), the latest made first. */
export async function readerPlans(sql: Sql, readerId: string): Promise<{ planId: string; name: string }[]> {
  const { rows } = await sql.query<{ plan_id: string; name: string }>(
    'SELECT plan_id::text, name FROM reading_plans WHERE reader_id = $1 ORDER BY created_at DESC, plan_id',
    [readerId],
  );
  return rows.map((r) => ({ planId: r.plan_id, name: r.name }));
}
