// `npm run bench -- ingest [--readings <n>] [--meters <n>] [--transport http|mqtt] [--format json|arrow]
// [--preload <n>]`: gateway uploads over real HTTP (or MQTT, to the embedded broker; JSON only), sent from
// a process of their own (gateway-load.ts), until the readings projection has caught up, against COPY of
// the same rows into a plain table in the same run; then as many again with the projection stopped, which
// is the most the end-to-end figure could reach (the uploads' own cost: transport, checks and the durable
// append to the log). `--preload` first fills the readings table by COPY with that many readings of other
// meters over the months before, so the timed part writes into a table the size of a utility's.
import type { Services } from '@hydrolog/api';
import { ensureTimeSeriesMonths, readingsProjection } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import { benchEngines, perSecond, timed, writeSettings } from './engines.ts';
import {
  counter,
  FIRST_METER_NO,
  type GatewayLoad,
  type GatewayLoadResult,
  HOUR_MS,
  readingBatches,
  startGateways,
} from './gateway-load.ts';
import type { BenchOptions } from './run.ts';
import { listen, readingsCaughtUp, registerFleet, servicesOn } from './service.ts';

/**
 * 100 meters: an upload of 1,000 hourly readings holds 10 per meter (a concentrator reporting every 10
 * hours). `--meters 1000` is the hardest case: one reading per meter.
 */
const DEFAULT_METERS = 100;

/** Peak resident set size, sampled every 100 ms until stopped. */
function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

/** Readings a preloaded meter holds: one a hour for a year, so the preload spreads over past months. */
const PRELOAD_HOURS_PER_METER = 24 * 365;
const PRELOAD_ROWS_PER_COPY = 50_000;

/**
 * Loads `count` hourly readings straight into the readings table by COPY, for meters of a tenant of their
 * own, ending the hour before `endHour`: meters hour by hour, as they would have arrived.
 */
async function preloadReadings(services: Services, count: number, endHour: number): Promise<void> {
  if (count === 0) return;
  const hours = Math.min(count, PRELOAD_HOURS_PER_METER);
  const meterIds = Array.from({ length: Math.ceil(count / hours) }, () => uuidv7());
  const firstHour = endHour - hours * HOUR_MS;
  const tenantId = uuidv7();
  await ensureTimeSeriesMonths(services.db, readingsProjection, firstHour, endHour);
  let rows: (string | number)[][] = [];
  for (let k = 0; k < count; k++) {
    const h = Math.floor(k / meterIds.length);
    const m = k % meterIds.length;
    rows.push([tenantId, meterIds[m]!, new Date(firstHour + h * HOUR_MS).toISOString(), counter(m, h)]);
    if (rows.length === PRELOAD_ROWS_PER_COPY || k === count - 1) {
      await services.db.copyRows('readings', ['tenant_id', 'meter_id', 'ts', 'total'], rows);
      rows = [];
    }
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function ingestBench({
  quick,
  engine: only,
  readings: asked,
  meters: askedMeters,
  transport = 'http',
  format = 'json',
  preload = 0,
}: BenchOptions): Promise<void> {
  if (format === 'arrow' && transport !== 'http')
    throw new Error('--format arrow uploads over --transport http');
  const readings = asked ?? (quick ? 40_000 : 1_000_000);
  const meters = askedMeters ?? DEFAULT_METERS;
  const hours = Math.ceil(readings / meters);
  // The end-to-end run's hours, then the log-only run's: both end by now.
  const firstHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * hours * HOUR_MS;
  const logOnlyFirstHour = firstHour + hours * HOUR_MS;
  const meterNos = Array.from({ length: meters }, (_, i) => String(FIRST_METER_NO + i));

  // PostgreSQL first: PGlite runs inside this process, and the memory it took stays in the RSS afterwards.
  const engines = benchEngines(only).sort(
    (a, b) => Number(a.engine === 'pglite') - Number(b.engine === 'pglite'),
  );
  const gateways = await startGateways();
  try {
    for (const { engine, open } of engines) {
      const rss = rssSampler();
      const services = await servicesOn(await open());
      // No push-back (429): the e2e time is how fast the projection follows. The horizon takes the oldest hour.
      const service = await listen(
        services,
        { horizonDays: Math.max(400, Math.ceil((2 * hours) / 24) + 2), maxBacklog: Number.POSITIVE_INFINITY },
        { mqtt: transport === 'mqtt' },
      );
      try {
        const fleet = await registerFleet(services, {
          name: 'Ingest benchmark',
          timeZone: 'Europe/Madrid',
          meterNos,
        });
        const preloadMs = await timed(() => preloadReadings(services, preload, firstHour));
        const load = (firstHourOfLoad: number): GatewayLoad => ({
          transport,
          format,
          url: transport === 'mqtt' ? service.mqttUrl! : service.url,
          gatewayId: fleet.gatewayId,
          gatewayKey: fleet.gatewayKey,
          readings,
          meterNos,
          firstHour: firstHourOfLoad,
        });
        let e2eRun: GatewayLoadResult = { accepted: 0, pushedBack: 0, latencies: [] };
        const e2eMs = await timed(async () => {
          e2eRun = await gateways.send(load(firstHour));
          await readingsCaughtUp(services, 50);
        });
        // Memory up to the end of the end-to-end pass (the baseline's COPY afterwards is not the service's).
        const peakRss = rss.stop();
        const { accepted, pushedBack } = e2eRun;
        const { rows } = await services.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM readings WHERE tenant_id = $1',
          [fleet.tenantId],
        );
        if (accepted !== readings || rows[0]?.n !== readings)
          throw new Error(`sent ${readings} readings: ${accepted} accepted, ${rows[0]?.n} stored`);
        // The log's size with its indexes, nearly all of it this pass's uploads.
        const log = await services.db.query<{ bytes: number }>(
          `SELECT pg_total_relation_size('es.events')::float8 AS bytes`,
        );

        await services.runner.stop();
        let logOnlyRun: GatewayLoadResult = { accepted: 0, pushedBack: 0, latencies: [] };
        const logOnlyMs = await timed(async () => {
          logOnlyRun = await gateways.send(load(logOnlyFirstHour));
        });
        if (logOnlyRun.accepted !== readings)
          throw new Error(`sent ${readings} readings to the log alone: ${logOnlyRun.accepted} accepted`);

        await services.db.query(
          'CREATE TABLE bench_raw (tenant_id uuid, meter_id uuid, ts timestamptz, total double precision, gateway_id uuid)',
        );
        const meterIds = meterNos.map((no) => fleet.meterIds.get(no)!);
        const copyMs = await timed(async () => {
          for (const batch of readingBatches(readings, meterNos, firstHour)) {
            await services.db.copyRows(
              'bench_raw',
              ['tenant_id', 'meter_id', 'ts', 'total', 'gateway_id'],
              batch.map((r) => [
                fleet.tenantId,
                meterIds[Number(r.meterNo) - FIRST_METER_NO],
                r.ts,
                r.total,
                fleet.gatewayId,
              ]),
            );
          }
        });

        const latencies = Float64Array.from(e2eRun.latencies).sort();
        const e2e = perSecond(readings, e2eMs);
        const raw = perSecond(readings, copyMs);
        console.log(
          JSON.stringify({
            bench: 'ingest',
            engine,
            transport,
            format,
            readings,
            // The readings table holds this run's readings only.
            readings_in_table: rows[0]?.n,
            log_bytes_per_reading: Math.round(log.rows[0]!.bytes / readings),
            preloaded: preload,
            preload_s: Number((preloadMs / 1000).toFixed(1)),
            meters,
            e2e_readings_per_s: e2e,
            raw_copy_rows_per_s: raw,
            ratio: Number((e2e / raw).toFixed(3)),
            log_only_readings_per_s: perSecond(readings, logOnlyMs),
            log_only_ratio: Number((perSecond(readings, logOnlyMs) / raw).toFixed(3)),
            p50_ms: Number(percentile(latencies, 50).toFixed(1)),
            p99_ms: Number(percentile(latencies, 99).toFixed(1)),
            peak_rss_mb: Math.round(peakRss / 1024 / 1024),
            ...(pushedBack > 0 ? { pushed_back: pushedBack } : {}),
            settings: await writeSettings(services.db),
          }),
        );
      } finally {
        rss.stop();
        await service.close();
      }
    }
  } finally {
    gateways.close();
  }
}
