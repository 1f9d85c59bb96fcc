import { addDays, DAY_MS, HOUR_MS, localMidnight } from '@hydrolog/domain';
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

const iso = (ms: number) => new Date(ms).toISOString();

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
 * - low balance: the meter's account holds less than the account's own balance threshold.
 *
 * The statement reads the day's readings once and the hours of the day and the day before once, each grouped
 * by meter, and keeps only what the loosest enabled rule of a kind could call for; only those few candidates
 * have their rule resolved and, for continuous flow, their runs of hours counted. Rules are resolved per
 * meter type and per grouped meter (few rows), never for every meter by every kind.
 */
export async function meterAlarmCandidates(
  sql: Sql,
  day: string,
  timeZone: string,
  until: Date,
): Promise<AlarmCandidate[]> {
  const k = METER_ALARM_KIND;
  const t0 = localMidnight(day, timeZone);
  const dayEnd = localMidnight(addDays(day, 1), timeZone);
  const t1 = Math.min(dayEnd, +until);
  // The hash aggregates over every meter spill to disk in the default 4 MB.
  await sql.query("SET LOCAL work_mem = '256MB'");
  // The loosest enabled rule of each kind: a meter beyond it is a candidate, checked against its own rule. Read
  // first, so that the plan estimates the filters of the scans below by their values.
  const { rows: limits } = await sql.query<Record<string, unknown>>(
    `SELECT max(threshold) FILTER (WHERE kind = '${k.lowBattery}') AS battery,
       min(threshold) FILTER (WHERE kind = '${k.reverseFlow}') AS reverse,
       min(threshold) FILTER (WHERE kind = '${k.burst}') AS burst,
       min(threshold) FILTER (WHERE kind = '${k.continuousFlow}') AS flow,
       min(threshold) FILTER (WHERE kind = '${k.zeroConsumption}') AS zero,
       bool_or(kind = '${k.zeroConsumption}' AND threshold IS NULL) AS zero_own,
       LEAST(min(threshold) FILTER (WHERE kind = '${k.offline}'),
         CASE WHEN bool_or(kind = '${k.offline}' AND threshold IS NULL)
           THEN (SELECT min(2 * report_interval_minutes / 60.0) FROM meter_types) END)::float8 AS offline
     FROM alarm_rules WHERE enabled`,
  );
  const lim = limits[0]!;
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
    `WITH
     lim AS (
       SELECT $7::float8 AS battery, $8::float8 AS reverse, $9::float8 AS burst, $10::float8 AS flow,
         $11::float8 AS zero, $12::boolean AS zero_own, $13::float8 AS offline
     ),
     type_rules AS (
       SELECT DISTINCT ON (t.meter_type_id, r.kind) t.meter_type_id, r.kind, r.rule_id
       FROM alarm_rules r JOIN meter_types t ON r.scope = 'all'
         OR (r.scope = 'meterType' AND r.scope_id = t.meter_type_id)
       ORDER BY t.meter_type_id, r.kind, CASE r.scope WHEN 'meterType' THEN 0 ELSE 1 END, r.created_at, r.rule_id
     ),
     group_rules AS (
       SELECT DISTINCT ON (g.meter_id, r.kind) g.meter_id, r.kind, r.rule_id
       FROM alarm_rules r JOIN meter_group_members g ON r.scope = 'group' AND g.group_id = r.scope_id
       ORDER BY g.meter_id, r.kind, r.created_at, r.rule_id
     ),
     -- The day's readings with a code or a low battery (few): a plain filter, which parallel workers can share
     -- (jsonb_agg cannot).
     day_readings AS (
       SELECT meter_id, battery, alarms FROM tenant_readings
       WHERE ts >= $2 AND ts < $3 AND (alarms IS NOT NULL OR battery < $7)
     ),
     reported AS (
       SELECT d.meter_id, code AS kind, count(*)::double precision AS value
       FROM day_readings d, jsonb_array_elements_text(d.alarms) AS code
       WHERE d.alarms IS NOT NULL GROUP BY d.meter_id, code
     ),
     -- A run of flow ends at an hour without known flow (no flow, or the counter broke) or a missing hour: the
     -- hours without flow bound the longest run ending in the day from above (missing hours only shorten it).
     hours AS (
       SELECT meter_id,
         max(volume) FILTER (WHERE hour >= $2) AS peak,
         sum(reverse_volume) FILTER (WHERE hour >= $2) AS reverse,
         min(hour) AS first_hour,
         max(hour_end) FILTER (WHERE volume IS NOT NULL) AS last_known_end,
         max(hour_end) FILTER (WHERE volume > 0) AS last_flow_end,
         max(hour) FILTER (WHERE hour < $2 AND NOT COALESCE(volume > 0, false)) AS break_before,
         min(hour) FILTER (WHERE hour >= $2 AND NOT COALESCE(volume > 0, false)) AS first_break,
         max(hour) FILTER (WHERE hour >= $2 AND NOT COALESCE(volume > 0, false)) AS last_break
       FROM meter_hourly WHERE hour >= $4 AND hour_end <= $3
       GROUP BY meter_id
     ),
     -- The runs of the meters whose bound reaches the loosest rule (few), counted meter by meter on its index. A
     -- run starts after a break (or at the first hour) and ends before one (or with the last flow).
     flow_runs AS (
       SELECT f.meter_id, x.hours, x.last_hour
       FROM hours f CROSS JOIN LATERAL (
         SELECT count(*)::double precision AS hours, max(hour) AS last_hour
         FROM (SELECT h.hour, h.hour - (row_number() OVER (ORDER BY h.hour)) * interval '1 hour' AS island
               FROM meter_hourly h
               WHERE h.meter_id = f.meter_id AND h.hour >= $4 AND h.hour_end <= $3 AND h.volume > 0) y
         GROUP BY island
       ) x
       WHERE EXTRACT(EPOCH FROM GREATEST(
           COALESCE(f.first_break - interval '1 hour', f.last_flow_end)
             - COALESCE(f.break_before, f.first_hour - interval '1 hour'),
           f.last_break - f.first_break - interval '1 hour',
           f.last_flow_end - f.last_break)) / 3600 >= (SELECT flow FROM lim)
     ),
     -- Hours without flow up to the end (over the known hours of the zero window): a meter with flow in the two
     -- days has its answer there; only one without looks through the whole window, by its index. A meter that
     -- never reported has no hours (meter_latest: narrower than meters).
     zero AS (
       SELECT meter_id, EXTRACT(EPOCH FROM (last_known_end - last_flow_end)) / 3600 AS hours
       FROM hours WHERE last_flow_end IS NOT NULL
       UNION ALL
       SELECT m.meter_id, EXTRACT(EPOCH FROM (e.last_known_end - COALESCE(e.last_flow_end, e.first_known_hour))) / 3600
       FROM meter_latest m LEFT JOIN hours h ON h.meter_id = m.meter_id CROSS JOIN LATERAL (
         SELECT max(e.hour_end) AS last_known_end, max(e.hour_end) FILTER (WHERE e.volume > 0) AS last_flow_end,
           min(e.hour) AS first_known_hour
         FROM meter_hourly e
         WHERE e.meter_id = m.meter_id AND e.hour >= $5 AND e.hour_end <= $3 AND e.volume IS NOT NULL
       ) e
       WHERE h.last_flow_end IS NULL
     ),
     -- Meters silent for longer than the loosest offline rule allows (few): before their meter and type.
     silent AS MATERIALIZED (
       SELECT meter_id, ts FROM meter_latest
       WHERE $6 AND ts < $3::timestamptz - make_interval(secs => 3600 * (SELECT offline FROM lim))
     ),
     -- The few candidates find their meter by key: LIMIT 1 keeps each lookup a lookup, where a join would read
     -- every meter to hash it.
     found AS (
       SELECT meter_id, kind, value, NULL::double precision AS own, 'reported' AS source FROM reported
       UNION ALL
       SELECT meter_id, '${k.lowBattery}', min(battery), NULL, 'detected'
       FROM day_readings WHERE battery < (SELECT battery FROM lim) GROUP BY meter_id
       UNION ALL
       SELECT meter_id, '${k.reverseFlow}', reverse, NULL, 'detected' FROM hours WHERE reverse > (SELECT reverse FROM lim)
       UNION ALL
       SELECT meter_id, '${k.burst}', peak, NULL, 'detected' FROM hours WHERE peak > (SELECT burst FROM lim)
       UNION ALL
       SELECT meter_id, '${k.continuousFlow}', max(hours), NULL, 'detected'
       FROM flow_runs WHERE last_hour >= $2 GROUP BY meter_id
       UNION ALL
       SELECT z.meter_id, '${k.zeroConsumption}', z.hours, m.zero_water_threshold, 'detected'
       FROM zero z CROSS JOIN LATERAL (SELECT zero_water_threshold FROM meters WHERE meter_id = z.meter_id LIMIT 1) m
       WHERE z.hours > 0
         AND z.hours >= (SELECT LEAST(zero, CASE WHEN zero_own THEN NULLIF(m.zero_water_threshold, 0) END) FROM lim)
       UNION ALL
       SELECT l.meter_id, '${k.offline}', EXTRACT(EPOCH FROM ($3 - l.ts)) / 3600,
         2 * t.report_interval_minutes / 60.0, 'detected'
       FROM silent l CROSS JOIN LATERAL (SELECT t.report_interval_minutes FROM meters m
         JOIN meter_types t ON t.meter_type_id = m.meter_type_id WHERE m.meter_id = l.meter_id LIMIT 1) t
       UNION ALL
       SELECT meter_id, '${k.lowBalance}', balance::float8, (account->>'balanceThreshold')::float8, 'detected'
       -- The balance is now's: it calls for an alarm of the day under way only.
       FROM customers
       WHERE $6 AND status <> 'cancelled' AND (account->>'billing')::boolean
         AND balance < (account->>'balanceThreshold')::numeric
     ),
     judged AS (
       SELECT f.meter_id, f.kind, f.value, f.source, r.level, r.notify_roles, r.notify_customer,
         CASE WHEN f.source = 'detected' THEN COALESCE(r.threshold, f.own) END AS threshold
       FROM found f CROSS JOIN LATERAL (SELECT meter_type_id FROM meters WHERE meter_id = f.meter_id LIMIT 1) m
         LEFT JOIN group_rules g ON g.meter_id = f.meter_id AND g.kind = f.kind
         LEFT JOIN type_rules t ON t.meter_type_id = m.meter_type_id AND t.kind = f.kind
         JOIN alarm_rules r ON r.rule_id = COALESCE(g.rule_id, t.rule_id)
       WHERE r.enabled
     )
     SELECT DISTINCT ON (j.meter_id, j.kind) j.meter_id::text, j.kind, j.value, j.threshold, j.source, j.level,
       j.notify_roles, j.notify_customer,
       EXISTS (SELECT 1 FROM meter_alarms a WHERE a.meter_id = j.meter_id AND a.kind = j.kind AND a.day = $1::date)
         AS raised
     FROM judged j
     WHERE j.source = 'reported' OR CASE j.kind
       WHEN '${k.lowBattery}' THEN j.value < j.threshold
       WHEN '${k.reverseFlow}' THEN j.value > j.threshold
       WHEN '${k.burst}' THEN j.value > j.threshold
       WHEN '${k.continuousFlow}' THEN j.value >= j.threshold
       WHEN '${k.zeroConsumption}' THEN j.threshold > 0 AND j.value >= j.threshold
       WHEN '${k.offline}' THEN j.value > j.threshold
       WHEN '${k.lowBalance}' THEN j.value < j.threshold END
     ORDER BY j.meter_id, j.kind, j.source DESC`,
    [
      day,
      iso(t0),
      iso(t1),
      iso(t0 - DAY_MS),
      iso(t1 - ZERO_WINDOW_HOURS * HOUR_MS),
      +until < dayEnd,
      ...['battery', 'reverse', 'burst', 'flow', 'zero', 'zero_own', 'offline'].map(
        (name) => lim[name] ?? null,
      ),
    ],
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
