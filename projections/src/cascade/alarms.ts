import type { Sql } from '@hydrolog/eventstore';
import type { CascadeAlarmKindName, CascadeAlarmView, PageQuery } from '@hydrolog/schemas';

interface AlarmRow {
  alarm_id: string;
  partition_id: string;
  point_id: string;
  point_name: string | null;
  kind: CascadeAlarmKindName;
  day: string;
  value: number;
  threshold: number;
  trend: number | null;
  raised_at: Date;
  status: 'open' | 'processed' | 'repaired';
  baseline: number | null;
  repaired_day: string | null;
}

export async function listCascadeAlarms(
  sql: Sql,
  query: PageQuery & {
    partitionId?: string | undefined;
    pointId?: string | undefined;
    kind?: CascadeAlarmKindName | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ total: number; rows: CascadeAlarmView[] }> {
  const where = `WHERE ($1::uuid IS NULL OR a.partition_id = $1) AND ($2::uuid IS NULL OR a.point_id = $2)
    AND ($3::text IS NULL OR a.kind = $3) AND ($4::date IS NULL OR a.day >= $4) AND ($5::date IS NULL OR a.day <= $5)`;
  const params = [
    query.partitionId ?? null,
    query.pointId ?? null,
    query.kind ?? null,
    query.from ?? null,
    query.to ?? null,
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cascade_alarms a ${where}`,
    params,
  );
  const { rows } = await sql.query<AlarmRow>(
    `SELECT a.alarm_id::text, a.partition_id::text, a.point_id::text, p.name AS point_name, a.kind,
       to_char(a.day, 'YYYY-MM-DD') AS day, a.value, a.threshold, a.trend, a.raised_at, a.status,
       a.baseline, to_char(a.repaired_day, 'YYYY-MM-DD') AS repaired_day
     FROM cascade_alarms a LEFT JOIN cascade_points p ON p.point_id = a.point_id ${where}
     ORDER BY a.day DESC, a.raised_at DESC, a.alarm_id LIMIT $6 OFFSET $7`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      alarmId: r.alarm_id,
      partitionId: r.partition_id,
      pointId: r.point_id,
      pointName: r.point_name ?? '',
      kind: r.kind,
      day: r.day,
      value: r.value,
      threshold: r.threshold,
      trend: r.trend,
      raisedAt: r.raised_at.toISOString(),
      status: r.status,
      baseline: r.baseline,
      repairedDay: r.repaired_day,
    })),
  };
}

/** The caller's alarms among these ids (another tenant's are not seen), with their stream's name parts. */
export async function cascadeAlarmsByIds(
  sql: Sql,
  alarmIds: readonly string[],
): Promise<{ alarmId: string; pointId: string; kind: CascadeAlarmKindName; day: string }[]> {
  const { rows } = await sql.query<{
    alarm_id: string;
    point_id: string;
    kind: CascadeAlarmKindName;
    day: string;
  }>(
    `SELECT alarm_id::text, point_id::text, kind, to_char(day, 'YYYY-MM-DD') AS day
       FROM cascade_alarms WHERE alarm_id = ANY($1::uuid[])`,
    [alarmIds],
  );
  return rows.map((r) => ({ alarmId: r.alarm_id, pointId: r.point_id, kind: r.kind, day: r.day }));
}

/** Alarms per local day of [fromDay, toDay] and kind (the 30-day alarm counts). */
export async function alarmCounts(
  sql: Sql,
  fromDay: string,
  toDay: string,
): Promise<{ kind: CascadeAlarmKindName; count: number }[]> {
  const { rows } = await sql.query<{ kind: CascadeAlarmKindName; count: number }>(
    `SELECT kind, count(*)::int AS count FROM cascade_alarms WHERE day BETWEEN $1::date AND $2::date
     GROUP BY kind ORDER BY kind`,
    [fromDay, toDay],
  );
  return rows;
}
