import type { Sql } from '@hydrolog/eventstore';
import { type AlarmLevel, METER_ALARM_KIND } from '@hydrolog/schemas';

/** An alarm the readings call for: a meter, a kind, what was measured, and its rule's settings. */
export interface AlarmCandidate {
  meterId: string;
  kind: string;
  value: number | null;
  threshold: number | null;
  source: 'reported' | 'detected';
  level: AlarmLevel;
  notifyRoles: string[];
  notifyCustomer: boolean;
  /** Raised already (its alarm of the day exists). */
  raised: boolean;
}

/** Hours a zero-consumption run is looked for at most (a longer run still reads as this long). */
const ZERO_WINDOW_HOURS = 31 * 24;

/**
 * Every alarm the readings of a tenant's local day call for, in one set-based statement over the read
 * models (never reading by reading): each meter takes, for each kind, its most specific rule (a group's,
 * then a meter type's, then all meters'), which may also switch the kind off for it. Measured up to `until`
 * (the end of the day, or now for the day under way):
 * - a code the meter reports in its readings' `alarms` (any kind with an enabled rule);
 * - low battery: a reading's battery below the threshold (V);
 * - reverse flow: the day's reverse volume above the threshold (m³);
 * - burst: an hour's volume above the threshold (m³/h);
 * - continuous flow: a run of consecutive hours with flow, ending in the day, of at least the threshold (h);
 * - zero consumption: no flow for at least the threshold, or the meter's own zero-water threshold (h);
 * - offline: no report for longer than the threshold (h), or twice the meter type's report interval.
 */
export async function meterAlarmCandidates(
  sql: Sql,
  day: string,
  timeZone: string,
  until: Date,
): Promise<AlarmCandidate[]> {
  const k = METER_ALARM_KIND;
  // The estimate of a join of every meter with every rule passes JIT's threshold, and compiling the plan costs
  // more than it saves (measured: 1.8 s of a 3.5 s run over 20,000 meters on PostgreSQL). Its sorts (every
  // meter's hours of two days) spill to disk in the default 4 MB (seen: 90 MB on disk for 100,000 meters).
  await sql.query('SET LOCAL jit = off');
  await sql.query("SET LOCAL work_mem = '256MB'");
  const { rows } = await sql.query<{
    meter_id: string;
    kind: string;
    value: number | null;
    threshold: number | null;
    source: 'reported' | 'detected';
    level: AlarmLevel;
    notify_roles: string[];
    notify_customer: boolean;
    raised: boolean;
  }>(
    `WITH b AS (
       SELECT ($1::date::timestamp AT TIME ZONE $2) AS t0,
              LEAST(($1::date + 1)::timestamp AT TIME ZONE $2, $3::timestamptz) AS t1
     ),
     ruled AS (
       SELECT DISTINCT ON (m.meter_id, r.kind) m.meter_id, m.meter_type_id, m.zero_water_threshold, r.kind, r.enabled,
         r.threshold, r.level, r.notify_roles, r.notify_customer
       FROM alarm_rules r JOIN meters m ON r.scope = 'all'
         OR (r.scope = 'meterType' AND m.meter_type_id = r.scope_id)
         OR (r.scope = 'group' AND EXISTS (
           SELECT 1 FROM meter_group_members g WHERE g.group_id = r.scope_id AND g.meter_id = m.meter_id))
       ORDER BY m.meter_id, r.kind, CASE r.scope WHEN 'group' THEN 0 WHEN 'meterType' THEN 1 ELSE 2 END,
         r.created_at, r.rule_id
     ),
     rules AS (SELECT * FROM ruled WHERE enabled),
     day_readings AS (
       SELECT x.meter_id, min(x.battery) AS battery, jsonb_agg(x.alarms) FILTER (WHERE x.alarms IS NOT NULL) AS codes
       FROM tenant_readings x, b WHERE x.ts >= b.t0 AND x.ts < b.t1 GROUP BY x.meter_id
     ),
     reported AS (
       SELECT d.meter_id, code AS kind, count(*)::double precision AS value
       FROM day_readings d, jsonb_array_elements(d.codes) AS reading(codes),
         jsonb_array_elements_text(reading.codes) AS code
       WHERE d.codes IS NOT NULL GROUP BY d.meter_id, code
     ),
     battery AS (SELECT meter_id, battery AS value FROM day_readings WHERE battery IS NOT NULL),
     hours AS (
       SELECT h.meter_id, h.hour, h.volume FROM meter_hourly h, b
       WHERE h.hour >= b.t0 - interval '1 day' AND h.hour_end <= b.t1 AND h.volume IS NOT NULL
     ),
     flow_runs AS (
       SELECT meter_id, count(*)::double precision AS hours, max(hour) AS last_hour
       FROM (SELECT meter_id, hour,
               hour - (row_number() OVER (PARTITION BY meter_id ORDER BY hour)) * interval '1 hour' AS island
             FROM hours WHERE volume > 0) x
       GROUP BY meter_id, island
     ),
     day_hours AS (
       SELECT h.meter_id, max(h.volume) AS peak, sum(h.reverse_volume) AS reverse
       FROM meter_hourly h, b WHERE h.hour >= b.t0 AND h.hour_end <= b.t1 GROUP BY h.meter_id
     ),
     zero AS (
       SELECT h.meter_id,
         EXTRACT(EPOCH FROM (max(h.hour_end) - COALESCE(max(h.hour_end) FILTER (WHERE h.volume > 0), min(h.hour))))
           / 3600 AS hours
       FROM meter_hourly h, b
       WHERE h.hour >= b.t1 - make_interval(hours => ${ZERO_WINDOW_HOURS}) AND h.hour_end <= b.t1
         AND h.volume IS NOT NULL
       GROUP BY h.meter_id
     ),
     found AS (
       SELECT r.meter_id, r.kind, p.value, NULL::double precision AS threshold, 'reported' AS source
       FROM rules r JOIN reported p ON p.meter_id = r.meter_id AND p.kind = r.kind
       UNION ALL
       SELECT r.meter_id, r.kind, x.value, r.threshold, 'detected'
       FROM rules r JOIN battery x ON x.meter_id = r.meter_id
       WHERE r.kind = '${k.lowBattery}' AND x.value < r.threshold
       UNION ALL
       SELECT r.meter_id, r.kind, x.reverse, r.threshold, 'detected'
       FROM rules r JOIN day_hours x ON x.meter_id = r.meter_id
       WHERE r.kind = '${k.reverseFlow}' AND x.reverse > r.threshold
       UNION ALL
       SELECT r.meter_id, r.kind, x.peak, r.threshold, 'detected'
       FROM rules r JOIN day_hours x ON x.meter_id = r.meter_id
       WHERE r.kind = '${k.burst}' AND x.peak > r.threshold
       UNION ALL
       SELECT r.meter_id, r.kind, max(x.hours), r.threshold, 'detected'
       FROM rules r JOIN flow_runs x ON x.meter_id = r.meter_id, b
       WHERE r.kind = '${k.continuousFlow}' AND x.last_hour >= b.t0 AND x.hours >= r.threshold
       GROUP BY r.meter_id, r.kind, r.threshold
       UNION ALL
       SELECT r.meter_id, r.kind, x.hours, COALESCE(r.threshold, r.zero_water_threshold), 'detected'
       FROM rules r JOIN zero x ON x.meter_id = r.meter_id
       WHERE r.kind = '${k.zeroConsumption}' AND COALESCE(r.threshold, r.zero_water_threshold) > 0
         AND x.hours >= COALESCE(r.threshold, r.zero_water_threshold)
       UNION ALL
       SELECT r.meter_id, r.kind, EXTRACT(EPOCH FROM (b.t1 - l.ts)) / 3600,
         COALESCE(r.threshold, 2 * t.report_interval_minutes / 60.0), 'detected'
       FROM rules r JOIN meter_latest l ON l.meter_id = r.meter_id
         JOIN meter_types t ON t.meter_type_id = r.meter_type_id, b
       WHERE r.kind = '${k.offline}' AND $3::timestamptz < ($1::date + 1)::timestamp AT TIME ZONE $2
         AND l.ts < b.t1 - make_interval(secs => 3600 * COALESCE(r.threshold, 2 * t.report_interval_minutes / 60.0))
     )
     SELECT DISTINCT ON (f.meter_id, f.kind) f.meter_id::text, f.kind, f.value, f.threshold, f.source, r.level,
       r.notify_roles, r.notify_customer,
       EXISTS (SELECT 1 FROM meter_alarms a WHERE a.meter_id = f.meter_id AND a.kind = f.kind AND a.day = $1::date)
         AS raised
     FROM found f JOIN rules r ON r.meter_id = f.meter_id AND r.kind = f.kind
     ORDER BY f.meter_id, f.kind, f.source DESC`,
    [day, timeZone, until.toISOString()],
  );
  return rows.map((r) => ({
    meterId: r.meter_id,
    kind: r.kind,
    value: r.value === null ? null : Math.round(r.value * 1000) / 1000,
    threshold: r.threshold === null ? null : Math.round(r.threshold * 1000) / 1000,
    source: r.source,
    level: r.level,
    notifyRoles: r.notify_roles,
    notifyCustomer: r.notify_customer,
    raised: r.raised,
  }));
}

/**
 * The open alarms not yet cleared whose meter has reported since they were raised (an offline alarm), or
 * since their day ended (the others): the job clears those the readings no longer call for.
 */
export async function alarmsReportedSince(
  sql: Sql,
  timeZone: string,
): Promise<{ alarmId: string; meterId: string; kind: string; day: string }[]> {
  const { rows } = await sql.query<{ alarm_id: string; meter_id: string; kind: string; day: string }>(
    `SELECT a.alarm_id::text, a.meter_id::text, a.kind, to_char(a.day, 'YYYY-MM-DD') AS day
     FROM meter_alarms a JOIN meter_latest l ON l.meter_id = a.meter_id
     WHERE a.status IN (0, 1) AND a.cleared_at IS NULL
       AND l.ts > CASE WHEN a.kind = $2 THEN a.raised_at
                       ELSE GREATEST(a.raised_at, (a.day + 1)::timestamp AT TIME ZONE $1) END`,
    [timeZone, METER_ALARM_KIND.offline],
  );
  return rows.map((r) => ({ alarmId: r.alarm_id, meterId: r.meter_id, kind: r.kind, day: r.day }));
}

/** The phone of each meter's open account and the meter's number, for the alarms that notify the holder. */
export async function accountPhones(
  sql: Sql,
  meterIds: readonly string[],
): Promise<Map<string, { phone: string; meterNo: string }>> {
  const { rows } = await sql.query<{ meter_id: string; phone: string; meter_no: string }>(
    `SELECT meter_id::text, phone, meter_no FROM customers WHERE meter_id = ANY($1::uuid[]) AND status <> 'cancelled'`,
    [meterIds],
  );
  return new Map(rows.map((r) => [r.meter_id, { phone: r.phone, meterNo: r.meter_no }]));
}
