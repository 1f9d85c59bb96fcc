// `npm run bench -- leakage [--readings <n>] [--meters <n>] [--points <n>]`: the leakage queries of a year of
// hourly readings over 1,000 metering points (or --points). The bulk is loaded fast, straight into the readings
// read model with COPY (readings, meter_hourly, meter_daily and meter_latest rows computed here the way the readings
// projection computes them); only the late batches go through the ingest path (HTTP upload, readings
// projection), each timed until the day's figures show it.
import { addDays, cascadeDecider, localDate, NIGHT_WINDOW } from '@hydrolog/domain';
import {
  dailyFigures,
  ensureTimeSeriesMonths,
  getPoint,
  leakageRanking,
  nightFigures,
  readingsProjection,
  withTenant,
} from '@hydrolog/projections';
import { DEFAULT_PAGE_SIZE, type PointView, uuidv7 } from '@hydrolog/schemas';
import { execute } from '../../apps/api/src/commands.ts';
import { benchEngines, timed } from './engines.ts';
import { upload } from './gateway-load.ts';
import type { BenchOptions } from './run.ts';
import { listen, METER_HOURLY_COLUMNS, readingsCaughtUp, registerFleet, servicesOn } from './service.ts';

const HOUR_MS = 3_600_000;
const TIME_ZONE = 'Asia/Shanghai';
/** Points per partition: a root whose sub-meters are its nine children's summary meters. */
const POINTS_PER_PARTITION = 10;
const FIRST_METER_NO = 300_000;
/** Late uploads timed, one a day: their p95 is the late batch's figure (one sample is this machine's noise). */
const LATE_BATCHES = 10;
/** The ranking as the analysis page first asks for it: its first page, every point ranked to cut it. */
const RANKING_PAGE = { pageNum: 1, pageSize: DEFAULT_PAGE_SIZE };
const thresholds = { leakageRate: 0.3, mnf: 1, kl: 0.5 };

/** Flow of meter m in local hour h of the day, m3/h: a daily profile with a night minimum. */
function flow(m: number, localHour: number): number {
  const base = 0.5 + (m % 17) * 0.05;
  const night = localHour >= 1 && localHour < 5 ? 0.3 : 1;
  return Math.round(base * night * (1 + (localHour % 7) * 0.03) * 1000) / 1000;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

export async function leakageBench({
  quick,
  engine: only,
  readings: asked,
  meters: askedMeters,
  points: askedPoints,
}: BenchOptions) {
  // A year of hourly readings per meter; 1,150 meters make 10 million readings (quick: 23 meters, 5 weeks).
  const hoursPerMeter = quick ? 35 * 24 : 365 * 24;
  // A partition's 10 points take 11.5 meters: the points' own and the sub-meters of its children.
  const meters =
    askedMeters ??
    Math.max(
      asked ? Math.ceil(asked / hoursPerMeter) : quick ? 23 : 1150,
      Math.ceil(((askedPoints ?? 0) * (POINTS_PER_PARTITION + 1.5)) / POINTS_PER_PARTITION),
    );
  const points = Math.min(
    askedPoints ?? (quick ? 20 : 1000),
    Math.floor((meters * POINTS_PER_PARTITION) / (POINTS_PER_PARTITION + 1.5)),
  );
  const partitions = Math.max(1, Math.floor(points / POINTS_PER_PARTITION));
  const readings = meters * (hoursPerMeter + 1);
  const queryDays = quick ? 30 : 365;
  const samples = quick ? 20 : 100;

  for (const { engine, open } of benchEngines(only)) {
    const services = await servicesOn(await open());
    const service = await listen(services, { horizonDays: 400, maxBacklog: Number.POSITIVE_INFINITY });
    try {
      const meterNos = Array.from({ length: meters }, (_, i) => String(FIRST_METER_NO + i));
      const fleet = await registerFleet(services, {
        name: 'Leakage benchmark',
        timeZone: TIME_ZONE,
        meterNos,
      });
      await readingsCaughtUp(services, 50);
      const meterIds = meterNos.map((no) => fleet.meterIds.get(no)!);

      // ---- bulk load (COPY), the rows the readings projection would write --------------------------------
      const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * 24 * HOUR_MS;
      const start = end - hoursPerMeter * HOUR_MS;
      const loadMs = await timed(async () => {
        await ensureTimeSeriesMonths(services.db, readingsProjection, start, end);
        const latestRows: unknown[][] = [];
        for (let m = 0; m < meters; m++) {
          const meterId = meterIds[m]!;
          const readingRows: unknown[][] = [];
          const hourRows: unknown[][] = [];
          const days = new Map<
            string,
            {
              volume: number;
              hours: number;
              last: number;
              total: number;
              nightLowest: number | null;
              nightSeconds: number;
            }
          >();
          let total = 100 + m;
          for (let h = 0; h <= hoursPerMeter; h++) {
            const t = start + h * HOUR_MS;
            readingRows.push([fleet.tenantId, meterId, new Date(t).toISOString(), total, fleet.gatewayId]);
            if (h === hoursPerMeter) break;
            const localHour = (new Date(t).getUTCHours() + 8) % 24; // Asia/Shanghai has no DST
            const volume = flow(m, localHour);
            hourRows.push([
              fleet.tenantId,
              meterId,
              new Date(t).toISOString(),
              new Date(t + HOUR_MS).toISOString(),
              volume,
              0,
              true,
              true,
              1,
              true,
            ]);
            const day = localDate(t, TIME_ZONE);
            const d = days.get(day) ?? {
              volume: 0,
              hours: 0,
              last: t,
              total,
              nightLowest: null,
              nightSeconds: 0,
            };
            // Every hour is known and regular: each of the night window's hours counts (nightHoursOf).
            if (localHour >= NIGHT_WINDOW.fromHour && localHour < NIGHT_WINDOW.toHour) {
              d.nightLowest = Math.min(d.nightLowest ?? volume, volume);
              d.nightSeconds += HOUR_MS / 1000;
            }
            d.volume += volume;
            d.hours++;
            d.last = t + HOUR_MS;
            d.total = total + volume;
            days.set(day, d);
            total = Math.round((total + volume) * 1000) / 1000;
          }
          await services.db.copyRows(
            'readings',
            ['tenant_id', 'meter_id', 'ts', 'total', 'gateway_id'],
            readingRows,
          );
          await services.db.copyRows('meter_hourly', METER_HOURLY_COLUMNS, hourRows);
          latestRows.push([meterId, fleet.tenantId, new Date(end).toISOString(), total, fleet.gatewayId]);
          await services.db.copyRows(
            'meter_daily',
            [
              'tenant_id',
              'meter_id',
              'day',
              'volume',
              'reverse_volume',
              'measured_volume',
              'known',
              'coverage',
              'readings',
              'report_time',
              'total',
              'night_lowest_flow',
              'night_counted_seconds',
            ],
            // A day the readings do not wholly span (the first and the last) is known at one midnight only.
            [...days].map(([day, d]) => {
              const known = d.hours === 24;
              return [
                fleet.tenantId,
                meterId,
                day,
                known ? d.volume : null,
                known ? 0 : null,
                d.volume,
                known,
                d.hours / 24,
                d.hours,
                new Date(d.last).toISOString(),
                d.total,
                d.nightLowest,
                d.nightSeconds,
              ];
            }),
          );
        }
        await services.db.copyRows(
          'meter_latest',
          ['meter_id', 'tenant_id', 'ts', 'total', 'gateway_id'],
          latestRows,
        );
        // What autovacuum does after a production load: statistics for the planner, and the visibility map
        // that lets the leakage queries answer from their covering indexes without visiting the table.
        await services.db.query('VACUUM (ANALYZE) readings, meter_hourly, meter_daily, meter_latest');
        // The load's dirty pages written out, as the checkpointer would have done long before a year's
        // figures are asked for: otherwise a query that reads a page in must first write out a dirty one it
        // evicts, and the samples measure the bulk load's write-back (seen: single queries of 2 s).
        if (engine === 'postgres') await services.db.query('CHECKPOINT');
      });

      // ---- partitions through the decider (the inline projection writes their rows) -----------------------
      const metadata = { tenantId: fleet.tenantId, userId: 'benchmark', correlationId: uuidv7() };
      const ref = (i: number) => ({ meterId: meterIds[i]!, meterNo: meterNos[i]! });
      // The load has no accounts: its meters stand as sub-meters for a network's, opened or not.
      const sub = (i: number) => ({ ...ref(i), opened: true });
      const households = meters - points; // the meters left over are the children's sub-meters
      const rootIds: string[] = [];
      const pointIds: string[] = [];
      for (let p = 0; p < partitions; p++) {
        const partitionId = uuidv7();
        const rootId = uuidv7();
        const first = p * POINTS_PER_PARTITION;
        const fields = (name: string) => ({
          name,
          leaderName: 'Bench',
          leaderPhone: '13800000000',
          thresholds,
        });
        const children = Array.from({ length: POINTS_PER_PARTITION - 1 }, (_, k) => ({
          id: uuidv7(),
          meter: first + 1 + k,
        }));
        await execute(
          services.store,
          cascadeDecider,
          partitionId,
          [
            {
              type: 'CreatePartition',
              partitionId,
              pointId: rootId,
              tenantId: fleet.tenantId,
              ...fields(`Zone ${p}`),
              boundary: null,
              createdAt: new Date().toISOString(),
            },
            { type: 'AssociateSummaryMeter', pointId: rootId, meter: ref(first) },
            { type: 'AssociateSubMeters', pointId: rootId, meters: children.map((c) => sub(c.meter)) },
            ...children.flatMap((c, k) => [
              { type: 'AddPoint' as const, parentId: rootId, pointId: c.id, ...fields(`Zone ${p}.${k}`) },
              { type: 'AssociateSummaryMeter' as const, pointId: c.id, meter: ref(c.meter) },
              {
                type: 'AssociateSubMeters' as const,
                pointId: c.id,
                meters: [sub(points + ((first + k) % Math.max(1, households)))],
              },
            ]),
          ],
          { metadata },
        );
        rootIds.push(rootId);
        pointIds.push(rootId, ...children.map((c) => c.id));
      }

      // The readings projection computes each point's running totals from the loaded days as it handles
      // the partitions' events; autovacuum would have analysed (and vacuumed) the new rows long before a
      // year's figures are asked for.
      const pointTotalsMs = await timed(() => readingsCaughtUp(services, 50));
      await services.db.query('ANALYZE cascade_partitions, cascade_points, cascade_sub_meters');
      await services.db.query('VACUUM (ANALYZE) point_daily');

      // ---- queries ---------------------------------------------------------------------------------------
      const to = addDays(localDate(end, TIME_ZONE), -1);
      const from = addDays(to, -(queryDays - 1));
      const pointsById = new Map<string, PointView>();
      await withTenant(services.db, fleet.tenantId, async (sql) => {
        for (const id of pointIds) pointsById.set(id, (await getPoint(sql, id))!);
      });
      const sample = (i: number) => pointsById.get(pointIds[(i * 7919) % pointIds.length]!)!;
      const timeQuery = async (work: Parameters<typeof withTenant>[2]) =>
        timed(() => withTenant(services.db, fleet.tenantId, work));
      const daily: number[] = [];
      const night: number[] = [];
      const ranking: number[] = [];
      // One unmeasured call of each first: a long-running service has its connections' plans and catalog
      // caches warm; the samples measure that, not a cold start.
      await timeQuery((sql) => dailyFigures(sql, sample(0), from, to, TIME_ZONE));
      await timeQuery((sql) => nightFigures(sql, sample(0), from, to, TIME_ZONE));
      await timeQuery((sql) => leakageRanking(sql, addDays(to, -29), to, RANKING_PAGE));
      for (let i = 0; i < samples; i++) {
        daily.push(await timeQuery((sql) => dailyFigures(sql, sample(i), from, to, TIME_ZONE)));
        night.push(await timeQuery((sql) => nightFigures(sql, sample(i), from, to, TIME_ZONE)));
      }
      for (let i = 0; i < Math.max(10, samples / 2); i++)
        ranking.push(await timeQuery((sql) => leakageRanking(sql, addDays(to, -29), to, RANKING_PAGE)));

      // ---- late batches through the ingest path ---------------------------------------------------------
      // A sub-meter of the first root (the first child's summary meter) read late a minute before the end of
      // one of the last days, 5 m3 above its linear interpolation: the day's sales move. Each is timed until
      // the root's figures of that day show the new sales; one late upload a day, so each is late alone. The
      // first is not timed, as the queries' first call is not: a running service takes uploads all day, and
      // the first upload after the bulk load pays for its connections' cold caches.
      const root = pointsById.get(rootIds[0]!)!;
      const subMeter = ref(1);
      const late: number[] = [];
      for (let i = 0; i <= LATE_BATCHES; i++) {
        const lateDay = addDays(to, -3 - i);
        const before = await withTenant(services.db, fleet.tenantId, (sql) =>
          dailyFigures(sql, root, lateDay, lateDay, TIME_ZONE),
        );
        const dayEnd = Date.parse(`${lateDay}T00:00:00Z`) + 16 * HOUR_MS; // next local midnight (UTC+8)
        const { rows: lastRow } = await services.db.query<{ total: number }>(
          'SELECT total FROM readings WHERE meter_id = $1 AND ts <= $2 ORDER BY ts DESC LIMIT 1',
          [subMeter.meterId, new Date(dayEnd - HOUR_MS).toISOString()],
        );
        const lateBody = JSON.stringify({
          batchId: uuidv7(),
          readings: [
            {
              meterNo: subMeter.meterNo,
              ts: new Date(dayEnd - 30 * 60_000).toISOString(),
              total: lastRow[0]!.total + 5,
            },
          ],
        });
        let after = before;
        const elapsed = await timed(async () => {
          const result = await upload(service.url, fleet.gatewayKey, lateBody);
          if (result.answer.accepted !== 1) throw new Error(`late batch: ${JSON.stringify(result.answer)}`);
          await readingsCaughtUp(services, 5);
          after = await withTenant(services.db, fleet.tenantId, (sql) =>
            dailyFigures(sql, root, lateDay, lateDay, TIME_ZONE),
          );
        });
        if (i > 0) late.push(elapsed);
        if (!((after[0]!.sales ?? 0) > (before[0]!.sales ?? 0))) {
          process.exitCode = 1;
          console.error(
            `leakage: the late batch of ${lateDay} did not change the sales (${before[0]!.sales} -> ${after[0]!.sales})`,
          );
        }
      }

      console.log(
        JSON.stringify({
          bench: 'leakage',
          engine,
          readings,
          points: pointIds.length,
          daily_p95_ms: round1(percentile(daily, 95)),
          night_p95_ms: round1(percentile(night, 95)),
          ranking_p95_ms: round1(percentile(ranking, 95)),
          ranking_page_size: RANKING_PAGE.pageSize,
          late_batch_recompute_ms: round1(percentile(late, 95)),
          late_batches: LATE_BATCHES,
          query_days: queryDays,
          bulk_load:
            'COPY into readings, meter_hourly, meter_daily, meter_latest; late batches through POST /ingest/v1/readings',
          bulk_load_s: Math.round(loadMs / 100) / 10,
          point_totals_s: Math.round(pointTotalsMs / 100) / 10,
        }),
      );
    } finally {
      await service.close();
    }
  }
}
