import type { Sql } from '@hydrolog/eventstore';
import type { MeterReplacementListQuery, MeterReplacementView, PageQuery } from '@hydrolog/schemas';
import { containsPattern, orderBy } from '../sql.ts';

// Every query here runs inside withTenant.

/** Whether a meter was replaced (taken out); such a meter is never installed again. */
export async function meterWasReplaced(sql: Sql, meterId: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM meter_replacements WHERE old_meter_id = $1', [meterId]);
  return rows.length > 0;
}

/** The SQL of each sortable column of the meter replacement list. */
const REPLACEMENT_ORDER = {
  oldMeterNo: 'r.old_meter_no',
  newMeterNo: 'r.new_meter_no',
  accountNo: 'r.account_no',
  lastReadTime: 'r.last_read_time',
  recentReading: 'r.recent_reading',
  newInitialReading: 'r.new_initial_reading',
  reason: 'lower(r.reason)',
  operator: 'lower(u.user_name)',
  replacedAt: 'r.replaced_at',
} as const;

export async function listMeterReplacements(
  sql: Sql,
  query: PageQuery & MeterReplacementListQuery,
  timeZone: string,
): Promise<{ total: number; rows: MeterReplacementView[] }> {
  // Days are the tenant's local days.
  const where = `WHERE ($1::text IS NULL OR r.old_meter_no ILIKE $1 OR r.new_meter_no ILIKE $1)
    AND ($2::date IS NULL OR (r.replaced_at AT TIME ZONE $4)::date >= $2::date)
    AND ($3::date IS NULL OR (r.replaced_at AT TIME ZONE $4)::date <= $3::date)`;
  const params = [containsPattern(query.meterNo), query.fromDay ?? null, query.toDay ?? null, timeZone];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM meter_replacements r ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT r.*, u.user_name FROM meter_replacements r LEFT JOIN users u ON u.user_id::text = r.operator_id
     ${where} ${orderBy(query, REPLACEMENT_ORDER, 'r.replaced_at DESC, r.old_meter_id')} LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      replacementId: r.old_meter_id as string,
      oldMeterId: r.old_meter_id as string,
      oldMeterNo: r.old_meter_no as string,
      newMeterId: r.new_meter_id as string,
      newMeterNo: r.new_meter_no as string,
      accountNo: r.account_no as string | null,
      lastReadTime: (r.last_read_time as Date).toISOString(),
      recentReading: r.recent_reading as number,
      newInitialReading: r.new_initial_reading as number,
      reason: r.reason as string,
      replacedAt: (r.replaced_at as Date).toISOString(),
      operator: (r.user_name as string | null) ?? null,
    })),
  };
}

export interface AccountDayConsumption {
  day: string;
  /** m3 used by the account that day, over every meter it was on. */
  volume: number;
}

/**
 * An account's consumption per local day over the meters it was on (spec section 3, replacement). Each
 * meter counts its daily volumes (counter differences, readings read model) only while it served the
 * account: the old meter up to its swap day, the new one from it. On the swap day each counts its measured
 * volume (its known hours: the old meter stopped, the new one started that day), and the readings nobody
 * reported are added: the old meter's final reading minus its last reported counter, and the new meter's
 * first reported counter minus its initial reading. So no volume is lost or counted twice. A meter is
 * assumed to stop reporting once taken out (its later readings, if any, are not the account's).
 */
export async function accountDailyConsumption(
  sql: Sql,
  customerId: string,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<AccountDayConsumption[]> {
  const { rows } = await sql.query<{ day: string; volume: number }>(
    `WITH swaps AS (
       SELECT old_meter_id, new_meter_id, last_read_time, recent_reading, new_initial_reading,
         (last_read_time AT TIME ZONE $4)::date AS day
       FROM meter_replacements WHERE customer_id = $1),
     served AS (
       -- every meter of the account with the days it served: from the swap that put it in to the one that took it out
       SELECT m.meter_id,
         (SELECT s.day FROM swaps s WHERE s.new_meter_id = m.meter_id) AS first_day,
         (SELECT s.day FROM swaps s WHERE s.old_meter_id = m.meter_id) AS last_day
       FROM (SELECT old_meter_id AS meter_id FROM swaps UNION SELECT new_meter_id FROM swaps
             UNION SELECT meter_id FROM customers WHERE customer_id = $1) m),
     metered AS (
       SELECT d.day, d.volume FROM served s JOIN meter_daily d ON d.meter_id = s.meter_id
       WHERE d.day >= $2::date AND d.day <= $3::date AND d.volume IS NOT NULL
         AND (s.first_day IS NULL OR d.day > s.first_day) AND (s.last_day IS NULL OR d.day < s.last_day)
       UNION ALL
       SELECT d.day, d.measured_volume FROM (SELECT DISTINCT s.meter_id, w.day FROM served s
           CROSS JOIN LATERAL unnest(ARRAY[s.first_day, s.last_day]) AS w(day)) w
       JOIN meter_daily d ON d.meter_id = w.meter_id AND d.day = w.day
       WHERE d.day >= $2::date AND d.day <= $3::date),
     unreported AS (
       SELECT s.day,
         coalesce(s.recent_reading - (SELECT r.total FROM tenant_readings r WHERE r.meter_id = s.old_meter_id
           AND r.ts <= s.last_read_time ORDER BY r.ts DESC LIMIT 1), 0)
         + coalesce((SELECT r.total FROM tenant_readings r WHERE r.meter_id = s.new_meter_id
           AND r.ts >= s.last_read_time ORDER BY r.ts LIMIT 1) - s.new_initial_reading, 0) AS volume
       FROM swaps s WHERE s.day >= $2::date AND s.day <= $3::date)
     SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(volume)::float8 AS volume
     FROM (SELECT * FROM metered UNION ALL SELECT * FROM unreported) v GROUP BY day ORDER BY day`,
    [customerId, fromDay, toDay, timeZone],
  );
  return rows.map((r) => ({ day: r.day, volume: r.volume }));
}
