import type { Sql } from '@hydrolog/eventstore';
import type { ManualReadingListQuery, ManualReadingView, PageQuery } from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

const SELECT = `SELECT r.reading_id::text, r.meter_id::text, m.meter_no, r.ts, r.total, r.reset, r.photo_url,
    r.plan_id::text, r.remark, u.nick_name AS created_by_name, r.created_at
  FROM manual_readings r
  LEFT JOIN meters m ON m.meter_id = r.meter_id
  LEFT JOIN users u ON u.user_id = r.created_by`;

const WHERE = `WHERE ($1::text IS NULL OR m.meter_no ILIKE $1) AND ($2::uuid IS NULL OR r.plan_id = $2)`;

interface Row {
  reading_id: string;
  meter_id: string;
  meter_no: string | null;
  ts: Date;
  total: number;
  reset: boolean;
  photo_url: string | null;
  plan_id: string | null;
  remark: string;
  created_by_name: string | null;
  created_at: Date;
}

const view = (r: Row): ManualReadingView => ({
  readingId: r.reading_id,
  meterId: r.meter_id,
  meterNo: r.meter_no,
  readAt: r.ts.toISOString(),
  total: r.total,
  reset: r.reset,
  photoUrl: r.photo_url,
  planId: r.plan_id,
  remark: r.remark,
  createBy: r.created_by_name,
  createTime: r.created_at.toISOString(),
});

/** The tenant's manual readings (row-level security scopes them), the latest entered first. */
export async function listManualReadings(
  sql: Sql,
  query: PageQuery & ManualReadingListQuery,
): Promise<{ total: number; rows: ManualReadingView[] }> {
  const filters = [containsPattern(query.meterNo), query.planId ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM manual_readings r LEFT JOIN meters m ON m.meter_id = r.meter_id ${WHERE}`,
    filters,
  );
  const { rows } = await sql.query<Row>(
    `${SELECT} ${WHERE} ORDER BY r.created_at DESC, r.reading_id DESC ${page(filters)}`,
    [...filters, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(view) };
}

/** One manual reading of the tenant, or null. */
export async function getManualReading(sql: Sql, readingId: string): Promise<ManualReadingView | null> {
  const { rows } = await sql.query<Row>(`${SELECT} WHERE r.reading_id = $1`, [readingId]);
  return rows[0] ? view(rows[0]) : null;
}

/**
 * What a reading entered for a meter at `ts` is checked against: whether the meter has one at that time,
 * and its readings just before and just after (from any source), from the readings read model.
 */
export async function countersAround(
  sql: Sql,
  meterId: string,
  ts: string,
): Promise<{
  duplicate: boolean;
  previous: { ts: string; total: number } | null;
  next: { ts: string; total: number } | null;
}> {
  const { rows } = await sql.query<{ side: string; ts: Date; total: number }>(
    `(SELECT 'at' AS side, ts, total FROM tenant_readings WHERE meter_id = $1 AND ts = $2)
     UNION ALL (SELECT 'previous', ts, total FROM tenant_readings WHERE meter_id = $1 AND ts < $2 ORDER BY ts DESC LIMIT 1)
     UNION ALL (SELECT 'next', ts, total FROM tenant_readings WHERE meter_id = $1 AND ts > $2 ORDER BY ts LIMIT 1)`,
    [meterId, ts],
  );
  const side = (name: string) => {
    const row = rows.find((r) => r.side === name);
    return row ? { ts: row.ts.toISOString(), total: row.total } : null;
  };
  return { duplicate: side('at') !== null, previous: side('previous'), next: side('next') };
}
