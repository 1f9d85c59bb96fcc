import {
  addBalances,
  addDays,
  balanceFromTotals,
  daysBetween,
  detectionSettings,
  detectLeaks,
  leakageRate,
  localMidnight,
  missingDataReason,
  nightFigures as nightFiguresOf,
  nightFlowsOf,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type {
  DailyFigure,
  LeakAnalysis,
  NightFigure,
  PageQuery,
  PeriodBalance,
  PointView,
  RankingRow,
} from '@hydrolog/schemas';
import { latestReadingAt, meterNights } from '../readings/index.ts';

// The figures of DESIGN "Leakage definitions": the rules are the domain's, the volumes the readings'.

interface DayTotalsRow {
  day: string;
  supply: number | null;
  supply_coverage: number | null;
  sales: number | null;
  sales_coverage: number | null;
}

/**
 * Per local day of [fromDay, toDay]: the summary meter's volume and coverage and the sub-meters' summed
 * volume and coverage. Two index range scans on meter_daily's primary key (meter_id, day).
 */
async function dayTotals(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
): Promise<DayTotalsRow[]> {
  const { rows } = await sql.query<DayTotalsRow>(
    `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') AS d),
     subs AS (SELECT md.day, sum(md.volume) AS sales, sum(md.coverage) AS coverage
       FROM cascade_sub_meters s JOIN meter_daily md ON md.meter_id = s.meter_id AND md.day BETWEEN $2::date AND $3::date
       WHERE s.point_id = $1 GROUP BY md.day)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day, sm.volume AS supply, sm.coverage AS supply_coverage,
       subs.sales, subs.coverage AS sales_coverage
     FROM days LEFT JOIN meter_daily sm ON sm.meter_id = $4 AND sm.day = days.day
     LEFT JOIN subs ON subs.day = days.day ORDER BY days.day`,
    [point.pointId, fromDay, toDay, point.summaryMeter?.meterId ?? null],
  );
  return rows;
}

/**
 * supply, sales, leakage, leakage rate and coverage of a point per local day of [fromDay, toDay], each null
 * with its reason.
 */
export async function dailyFigures(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<DailyFigure[]> {
  const latest = point.summaryMeter ? await latestReadingAt(sql, point.summaryMeter.meterId) : null;
  return (await dayTotals(sql, point, fromDay, toDay)).map((row) => ({
    date: row.day,
    ...balanceFromTotals(
      point.summaryMeter
        ? {
            day:
              row.supply_coverage === null
                ? undefined
                : { volume: row.supply, coverage: row.supply_coverage },
            missing: missingDataReason(localMidnight(addDays(row.day, 1), timeZone), latest),
          }
        : undefined,
      { sales: row.sales ?? 0, coverage: row.sales_coverage ?? 0, count: point.subMeterCount },
    ),
  }));
}

/**
 * MNF (m3/h, 02:00-04:00 local), ADF = supply / 24 and KL = MNF / ADF of a point per night of
 * [fromDay, toDay]: MNF from the night hours the summary meter's days keep; ADF from the same day's supply
 * as the daily figures.
 */
export async function nightFigures(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<NightFigure[]> {
  const meterId = point.summaryMeter?.meterId;
  const hours = meterId ? await meterNights(sql, meterId, fromDay, toDay) : [];
  const days = await dailyFigures(sql, point, fromDay, toDay, timeZone);
  return nightFiguresOf(
    nightFlowsOf(hours, fromDay, toDay, timeZone),
    new Map(days.map((d) => [d.date, d])),
    meterId ? await latestReadingAt(sql, meterId) : null,
    meterId !== undefined,
  );
}

/** The tenant's holidays, sorted. */
export async function cascadeHolidays(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM cascade_holidays ORDER BY day`,
  );
  return rows.map((r) => r.day);
}

/**
 * The nights the detector learns from before the first night asked for: a baseline needs three weeks of
 * known nights and the weekday profile twelve weeks. The first night read lies on a fixed 28-day grid, so
 * that asked a day later the detector reads the same nights from the same first one, and as it decides each
 * night from the nights before only, it finds the same leaks with the same start nights.
 */
const LEAK_HISTORY_DAYS = 120;
const LEAK_HISTORY_GRID_DAYS = 28;

function leakHistoryStart(fromDay: string): string {
  const first = addDays(fromDay, -LEAK_HISTORY_DAYS);
  return addDays(first, -(daysBetween('1970-01-01', first) % LEAK_HISTORY_GRID_DAYS));
}

/**
 * Leak detection on a point's nightly MNF over [fromDay, toDay] with the point's sensitivity and floor and
 * the tenant's holidays: the nights of the period as judged, and every leak under way during it (found
 * before it too) with its volume lost, an estimate: its size times the hours from its start night to its
 * repair night, or to the end of the period.
 */
export async function pointLeaks(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<LeakAnalysis> {
  const meterId = point.summaryMeter?.meterId;
  const first = leakHistoryStart(fromDay);
  const hours = meterId ? await meterNights(sql, meterId, first, toDay) : [];
  const holidays = new Set(await cascadeHolidays(sql));
  const { nights, leaks } = detectLeaks(
    nightFlowsOf(hours, first, toDay, timeZone).map((n) => ({
      date: n.date,
      mnf: n.mnf,
      holiday: holidays.has(n.date),
    })),
    detectionSettings(point.thresholds),
  );
  const end = addDays(toDay, 1);
  return {
    nights: nights.filter((n) => n.date >= fromDay),
    leaks: leaks
      .filter((l) => l.start <= toDay && (l.repaired === null || l.repaired >= fromDay))
      .map((l) => ({ ...l, volumeLostM3: l.sizeM3h * 24 * daysBetween(l.start, l.repaired ?? end) })),
  };
}

/** Production versus sales over a period: its days added up (addBalances: days without supply left out). */
export async function periodBalance(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<PeriodBalance> {
  return {
    from: fromDay,
    to: toDay,
    ...addBalances(await dailyFigures(sql, point, fromDay, toDay, timeZone)),
  };
}

/** The points the ranking ranks (cascade_points p): those with an inlet and sub-meters. */
const RANKED = `p.summary_meter_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM cascade_sub_meters c WHERE c.point_id = p.point_id)`;

/**
 * One page of every point with sub-meters by leakage rate over [fromDay, toDay], highest first (points with
 * no rate last, then by point id), and how many points there are, with the days added up as addBalances
 * does: supply of the wholly covered inlet days, and sales of those days only.
 */
export async function leakageRanking(
  sql: Sql,
  fromDay: string,
  toDay: string,
  page: PageQuery,
): Promise<{ total: number; rows: RankingRow[] }> {
  // Set-based: every point's supply (its inlet's known volume) and sales (its sub-meters' volume on the
  // inlet's known days) over the period as the difference of its running totals (point_daily) at the
  // period's last day and at the day before it: two rows a point, read for every point of the tenant at
  // once (a point whose inlet has no row on such a day, silent then, looks up its latest day before).
  // Ranked and cut to the page here, by leakageRate's rule computed the same way, on the points' ids and
  // figures alone: a city's ten thousand points never travel, and only the page's rows read their names.
  const { rows } = await sql.query<{
    point_id: string;
    partition_id: string;
    name: string;
    supply: number | null;
    sales: number;
  }>(
    `WITH ends AS (SELECT point_id, supply_to_date, supply_days_to_date, sales_to_date
       FROM point_daily WHERE day = $2::date),
     starts AS (SELECT point_id, supply_to_date, supply_days_to_date, sales_to_date
       FROM point_daily WHERE day = $1::date - 1),
     totals AS (SELECT p.point_id,
         CASE WHEN coalesce(e.supply_days_to_date, le.supply_days_to_date, 0)
             - coalesce(s.supply_days_to_date, ls.supply_days_to_date, 0) > 0
           THEN coalesce(e.supply_to_date, le.supply_to_date, 0) - coalesce(s.supply_to_date, ls.supply_to_date, 0)
         END AS supply,
         coalesce(e.sales_to_date, le.sales_to_date, 0) - coalesce(s.sales_to_date, ls.sales_to_date, 0) AS sales
       FROM cascade_points p LEFT JOIN ends e USING (point_id) LEFT JOIN starts s USING (point_id)
       LEFT JOIN LATERAL (SELECT x.supply_to_date, x.supply_days_to_date, x.sales_to_date
         FROM point_daily x WHERE e.point_id IS NULL AND x.point_id = p.point_id AND x.day < $2::date
         ORDER BY x.day DESC LIMIT 1) le ON true
       LEFT JOIN LATERAL (SELECT x.supply_to_date, x.supply_days_to_date, x.sales_to_date
         FROM point_daily x WHERE s.point_id IS NULL AND x.point_id = p.point_id AND x.day < $1::date - 1
         ORDER BY x.day DESC LIMIT 1) ls ON true
       WHERE ${RANKED}),
     figures AS (SELECT point_id, supply, sales, CASE WHEN supply > 0 THEN (supply - sales) / supply END AS rate
       FROM totals),
     page AS (SELECT * FROM figures ORDER BY rate DESC NULLS LAST, point_id LIMIT $3 OFFSET $4)
     SELECT page.point_id::text, p.partition_id::text, p.name, page.supply, page.sales
     FROM page JOIN cascade_points p USING (point_id) ORDER BY page.rate DESC NULLS LAST, page.point_id`,
    [fromDay, toDay, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const count = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cascade_points p WHERE ${RANKED}`,
  );
  return {
    total: count.rows[0]!.count,
    rows: rows.map((r) => {
      const leakage = r.supply === null ? null : r.supply - r.sales;
      return {
        pointId: r.point_id,
        partitionId: r.partition_id,
        name: r.name,
        supply: r.supply,
        leakage,
        leakageRate: leakageRate(r.supply, leakage),
      };
    }),
  };
}

/**
 * Several points' figures per local day of [fromDay, toDay], each point's days read once: by point id, and
 * added up per day (addBalances, a point weighing as many as its meters: summary meter and sub-meters).
 */
export async function pointsDailyFigures(
  sql: Sql,
  points: readonly PointView[],
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<{ perPoint: Map<string, DailyFigure[]>; total: DailyFigure[] }> {
  const perPoint = new Map<string, DailyFigure[]>();
  for (const point of points)
    perPoint.set(point.pointId, await dailyFigures(sql, point, fromDay, toDay, timeZone));
  const weights = points.map((p) => 1 + p.subMeterCount);
  const total: DailyFigure[] = [];
  for (let day = fromDay, i = 0; day <= toDay; day = addDays(day, 1), i++) {
    total.push({
      date: day,
      ...addBalances(
        points.map((p) => perPoint.get(p.pointId)![i]!),
        weights,
      ),
    });
  }
  return { perPoint, total };
}
