import type { Sql } from '@hydrolog/eventstore';

/**
 * Each metering point's running totals on each day of its summary meter (point_daily): up to and including
 * the day, its supply (the summary meter's volume on its known days), the number of those days, and its
 * sales on them (its sub-meters' volume). A period's supply and sales are then the difference of two rows
 * of the point (leakageRanking), however long the period and however many sub-meters. The readings
 * projection owns them: it keeps them as a meter's days change and as a point's meters change (the
 * cascade's membership, read from its tables).
 */
export const POINT_TOTALS_MIGRATIONS = [
  `CREATE TABLE point_daily (
    tenant_id uuid NOT NULL,
    point_id uuid NOT NULL,
    day date NOT NULL,
    supply_to_date double precision NOT NULL,
    supply_days_to_date int NOT NULL,
    sales_to_date double precision NOT NULL,
    PRIMARY KEY (point_id, day) INCLUDE (tenant_id, supply_to_date, supply_days_to_date, sales_to_date)
  )`,
  `CREATE INDEX point_daily_tenant_day ON point_daily (tenant_id, day)
     INCLUDE (point_id, supply_to_date, supply_days_to_date, sales_to_date)`,
];

/** The rows of these points from each one's first day on, computed again (from their first ever: -infinity). */
export async function pointTotalsFrom(
  sql: Sql,
  pointIds: readonly string[],
  firstDays: readonly string[],
): Promise<void> {
  if (pointIds.length === 0) return;
  await sql.query(
    `DELETE FROM point_daily t USING unnest($1::uuid[], $2::date[]) AS d(point_id, first_day)
     WHERE t.point_id = d.point_id AND t.day >= d.first_day`,
    [pointIds, firstDays],
  );
  // The day before's totals continue in the first recomputed day's terms, so the additions come in the
  // order one pass from the first day would make them (a rebuild gives the same figures to the bit); the
  // sub-meters of a day are added in the order of their ids for the same reason. Only the point's tenant's
  // days count, as the tenant's own queries see them (a meter moved to another tenant takes its days along).
  await sql.query(
    `INSERT INTO point_daily (tenant_id, point_id, day, supply_to_date, supply_days_to_date, sales_to_date)
     SELECT p.tenant_id, p.point_id, md.day,
       sum(CASE WHEN md.known THEN coalesce(md.volume, 0) ELSE 0 END
         + CASE WHEN md.day = f.day THEN b.supply ELSE 0 END) OVER w,
       b.supply_days + count(*) FILTER (WHERE md.known) OVER w,
       sum(s.sales + CASE WHEN md.day = f.day THEN b.sales ELSE 0 END) OVER w
     FROM unnest($1::uuid[], $2::date[]) AS d(point_id, first_day)
     JOIN cascade_points p ON p.point_id = d.point_id
     LEFT JOIN LATERAL (SELECT x.supply_to_date, x.supply_days_to_date, x.sales_to_date FROM point_daily x
       WHERE x.point_id = d.point_id AND x.day < d.first_day ORDER BY x.day DESC LIMIT 1) before ON true
     CROSS JOIN LATERAL (SELECT coalesce(before.supply_to_date, 0) AS supply,
         coalesce(before.supply_days_to_date, 0) AS supply_days, coalesce(before.sales_to_date, 0) AS sales) b
     CROSS JOIN LATERAL (SELECT min(day) AS day FROM meter_daily x
       WHERE x.meter_id = p.summary_meter_id AND x.day >= d.first_day AND x.tenant_id = p.tenant_id) f
     JOIN meter_daily md ON md.meter_id = p.summary_meter_id AND md.day >= d.first_day AND md.tenant_id = p.tenant_id
     CROSS JOIN LATERAL (SELECT coalesce(sum(sd.volume ORDER BY c.meter_id), 0) AS sales
       FROM cascade_sub_meters c
       JOIN meter_daily sd ON sd.meter_id = c.meter_id AND sd.day = md.day AND sd.tenant_id = p.tenant_id
       WHERE md.known AND c.point_id = p.point_id) s
     WINDOW w AS (PARTITION BY p.point_id ORDER BY md.day)`,
    [pointIds, firstDays],
  );
}

/** The points whose summary meter or a sub-meter had its days recomputed from these first days on. */
export async function pointTotalsOfMeters(
  sql: Sql,
  meterIds: readonly string[],
  firstDays: readonly string[],
): Promise<void> {
  if (meterIds.length === 0) return;
  const { rows } = await sql.query<{ point_id: string; first_day: string }>(
    `SELECT a.point_id::text, to_char(min(a.first_day), 'YYYY-MM-DD') AS first_day
     FROM unnest($1::uuid[], $2::date[]) AS d(meter_id, first_day)
     CROSS JOIN LATERAL (SELECT p.point_id, d.first_day FROM cascade_points p WHERE p.summary_meter_id = d.meter_id
       UNION ALL
       SELECT c.point_id, d.first_day FROM cascade_sub_meters c WHERE c.meter_id = d.meter_id) a
     GROUP BY a.point_id ORDER BY a.point_id`,
    [meterIds, firstDays],
  );
  await pointTotalsFrom(
    sql,
    rows.map((r) => r.point_id),
    rows.map((r) => r.first_day),
  );
}

/** Drops the rows of the tenant's points that no longer exist. */
export async function dropRemovedPointTotals(sql: Sql, tenantId: string): Promise<void> {
  await sql.query(
    `DELETE FROM point_daily t WHERE t.tenant_id = $1
       AND NOT EXISTS (SELECT 1 FROM cascade_points p WHERE p.point_id = t.point_id)`,
    [tenantId],
  );
}
