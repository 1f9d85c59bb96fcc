import { addDays, localDate } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type { DayValue } from '@hydrolog/schemas';
import type { QueryFolder } from '../projection.ts';

/**
 * Dashboard figures from the read models that exist (meters, readings, daily volumes). Every query takes
 * the tenant it is about, or null for every tenant (platform operators, run as the owner); inside
 * withTenant row-level security keeps it to the caller's tenant whatever is passed.
 */

export const dashboardQueries: QueryFolder = {
  name: 'dashboard',
  reads: ['tenants', 'meters', 'meter_types', 'customers', 'meter_latest', 'meter_daily'],
};

const ZONE = "coalesce(t.settings->>'timeZone', 'UTC')";

/**
 * Customer accounts open (not cancelled), and registered meters that no open account holds: "accounts
 * opened or not" of the dashboards.
 */
export async function accountCounts(
  sql: Sql,
  tenantId: string | null,
): Promise<{ opened: number; notOpened: number }> {
  const { rows } = await sql.query<{ opened: number; not_opened: number }>(
    `SELECT
       (SELECT count(*)::int FROM customers c
        WHERE c.status <> 'cancelled' AND ($1::uuid IS NULL OR c.tenant_id = $1)) AS opened,
       (SELECT count(*)::int FROM meters m
        WHERE ($1::uuid IS NULL OR m.tenant_id = $1)
          AND NOT EXISTS (
            SELECT 1 FROM customers c WHERE c.meter_id = m.meter_id AND c.status <> 'cancelled'
          )) AS not_opened`,
    [tenantId],
  );
  return { opened: rows[0]?.opened ?? 0, notOpened: rows[0]?.not_opened ?? 0 };
}

/** Registered meters, and those that ever reported (in the field: "outbound"). */
export async function meterCounts(
  sql: Sql,
  tenantId: string | null,
): Promise<{ total: number; reported: number }> {
  const { rows } = await sql.query<{ total: number; reported: number }>(
    `SELECT count(*)::int AS total, count(l.meter_id)::int AS reported
     FROM meters m LEFT JOIN meter_latest l ON l.meter_id = m.meter_id
     WHERE $1::uuid IS NULL OR m.tenant_id = $1`,
    [tenantId],
  );
  return rows[0] ?? { total: 0, reported: 0 };
}

/** Meters that reported today (each tenant's local day) among the registered ones. */
export async function reportedToday(
  sql: Sql,
  tenantId: string | null,
  now: Date,
): Promise<{ meters: number; reported: number }> {
  const { rows } = await sql.query<{ meters: number; reported: number }>(
    `SELECT count(*)::int AS meters,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM meter_daily d WHERE d.meter_id = m.meter_id AND d.readings > 0
         AND d.day = ($2::timestamptz AT TIME ZONE ${ZONE})::date))::int AS reported
     FROM meters m JOIN tenants t ON t.tenant_id = m.tenant_id
     WHERE $1::uuid IS NULL OR m.tenant_id = $1`,
    [tenantId, now.toISOString()],
  );
  return rows[0] ?? { meters: 0, reported: 0 };
}

/** The `days` local dates ending today in `timeZone`, oldest first, with the value of each (0 when none). */
function lastDays(now: Date, timeZone: string, days: number, valueAgo: Map<number, number>): DayValue[] {
  const today = localDate(now.getTime(), timeZone);
  return Array.from({ length: days }, (_, i) => {
    const ago = days - 1 - i;
    return { date: addDays(today, -ago), value: valueAgo.get(ago) ?? 0 };
  });
}

/**
 * Water used per local day over the last `days` days up to today (m3, the sum of the meters' measured
 * daily volumes: their known hours, today's so far). Dates are those of `labelZone` (the tenant's, or UTC
 * across tenants).
 */
export async function dailyConsumption(
  sql: Sql,
  tenantId: string | null,
  now: Date,
  days: number,
  labelZone: string,
): Promise<DayValue[]> {
  const { rows } = await sql.query<{ ago: number; value: number }>(
    `SELECT x.ago, coalesce(sum(x.volume), 0)::float8 AS value FROM (
       SELECT d.measured_volume AS volume, (($2::timestamptz AT TIME ZONE ${ZONE})::date - d.day) AS ago
       FROM meter_daily d JOIN tenants t ON t.tenant_id = d.tenant_id
       WHERE ($1::uuid IS NULL OR d.tenant_id = $1) AND d.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date - ($3::int + 1)
     ) x WHERE x.ago >= 0 AND x.ago < $3 GROUP BY x.ago`,
    [tenantId, now.toISOString(), days],
  );
  return lastDays(now, labelZone, days, new Map(rows.map((r) => [r.ago, r.value])));
}

/** All the water the meters measured (m3, every measured daily volume). */
export async function totalConsumption(sql: Sql, tenantId: string | null): Promise<number> {
  const { rows } = await sql.query<{ total: number }>(
    `SELECT coalesce(sum(measured_volume), 0)::float8 AS total FROM meter_daily
     WHERE $1::uuid IS NULL OR tenant_id = $1`,
    [tenantId],
  );
  return rows[0]?.total ?? 0;
}

/**
 * Meters that reported an alarm code, per local day over the last `days` days, and meter-days per code.
 * `readings` is the readings table for operators, its tenant view (`tenant_readings`) inside withTenant.
 */
export async function alarmMeterDays(
  sql: Sql,
  tenantId: string | null,
  now: Date,
  days: number,
  labelZone: string,
  readings: 'readings' | 'tenant_readings',
): Promise<{ days: DayValue[]; byType: { alarmType: string; count: number }[] }> {
  const { rows } = await sql.query<{ ago: number; code: string | null; meters: number }>(
    `WITH alarmed AS (
       SELECT r.meter_id, r.alarms, (($2::timestamptz AT TIME ZONE ${ZONE})::date
         - (r.ts AT TIME ZONE ${ZONE})::date) AS ago
       FROM ${readings} r JOIN tenants t ON t.tenant_id = r.tenant_id
       WHERE ($1::uuid IS NULL OR r.tenant_id = $1) AND r.alarms IS NOT NULL
         AND r.ts >= $2::timestamptz - make_interval(days => $3 + 1) AND r.ts <= $2::timestamptz
     )
     SELECT a.ago, c.code, count(DISTINCT a.meter_id)::int AS meters
     FROM alarmed a CROSS JOIN LATERAL jsonb_array_elements_text(a.alarms) AS c(code)
     WHERE a.ago >= 0 AND a.ago < $3
     GROUP BY GROUPING SETS ((a.ago), (a.ago, c.code))`,
    [tenantId, now.toISOString(), days],
  );
  const perDay = new Map<number, number>();
  const perType = new Map<string, number>();
  for (const row of rows) {
    if (row.code === null) perDay.set(row.ago, row.meters);
    else perType.set(row.code, (perType.get(row.code) ?? 0) + row.meters);
  }
  return {
    days: lastDays(now, labelZone, days, perDay),
    byType: [...perType]
      .map(([alarmType, count]) => ({ alarmType, count }))
      .sort((a, b) => b.count - a.count || a.alarmType.localeCompare(b.alarmType, 'en', { numeric: true })),
  };
}

/** Meters per tenant (every tenant) or per meter type (one tenant), most first. */
export async function meterDistribution(
  sql: Sql,
  tenantId: string | null,
): Promise<{ label: string; count: number }[]> {
  const { rows } =
    tenantId === null
      ? await sql.query<{ label: string; count: number }>(
          `SELECT t.name AS label, count(*)::int AS count FROM meters m JOIN tenants t ON t.tenant_id = m.tenant_id
           GROUP BY t.name ORDER BY count DESC, label`,
        )
      : await sql.query<{ label: string; count: number }>(
          `SELECT mt.name AS label, count(*)::int AS count FROM meters m
           JOIN meter_types mt ON mt.meter_type_id = m.meter_type_id
           WHERE m.tenant_id = $1 GROUP BY mt.name ORDER BY count DESC, label`,
          [tenantId],
        );
  return rows;
}

/** The utility tenants (the platform's own is not one), by name. */
export async function utilityTenants(
  sql: Sql,
): Promise<{ tenantId: string; name: string; trial: boolean }[]> {
  const { rows } = await sql.query<{ tenant_id: string; name: string; trial: boolean }>(
    "SELECT tenant_id::text, name, trial FROM tenants WHERE kind = 'utility' ORDER BY lower(name), tenant_id",
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, name: r.name, trial: r.trial }));
}
