// `npm run bench -- history-import [--readings <n>] [--meters <n>]`: years of hourly counters loaded from a
// CSV file the way Reports / History / Import readings loads them (the file read, every row checked, the
// readings appended, the readings projection catching up), against COPY of the same rows into a plain table
// in the same run.
import { uuidv7 } from '@hydrolog/schemas';
import { ReadingImports, readHistoryTable } from '../../apps/api/src/readings/index.ts';
import { benchEngines, perSecond, timed } from './engines.ts';
import type { BenchOptions } from './run.ts';
import { registerFleet, servicesOn } from './service.ts';

const HOUR_MS = 3_600_000;
const FIRST_METER_NO = 400_000;
const DEFAULT_METERS = 10;

/** Counter of meter m at hour h, m3 (a district inlet's: tens of m3 an hour). */
const counter = (m: number, h: number) => Math.round((1000 * m + h * (20 + (m % 7))) * 1000) / 1000;

export async function historyImportBench({
  quick,
  engine: only,
  readings: asked,
  meters: askedMeters,
}: BenchOptions): Promise<void> {
  const meters = askedMeters ?? DEFAULT_METERS;
  // Three years of an hourly inlet per meter (quick: 60 days).
  const readings = asked ?? meters * (quick ? 60 : 3 * 365) * 24;
  const hours = Math.ceil(readings / meters);
  // Years before the ingest horizon, as a history is.
  const firstHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - (hours + 500 * 24) * HOUR_MS;
  const meterNos = Array.from({ length: meters }, (_, i) => String(FIRST_METER_NO + i));
  const rows: [string, number, number][] = [];
  for (let h = 0; h < hours; h++)
    for (let m = 0; m < meters && rows.length < readings; m++)
      rows.push([meterNos[m]!, firstHour + h * HOUR_MS, counter(m, h)]);
  const csv = Buffer.from(
    [
      'meter,time,counter',
      ...rows.map(([no, t, total]) => `${no},${new Date(t).toISOString()},${total}`),
    ].join('\n'),
  );

  for (const { engine, open } of benchEngines(only)) {
    const services = await servicesOn(await open());
    try {
      const fleet = await registerFleet(services, {
        name: 'History import benchmark',
        timeZone: 'Europe/Madrid',
        meterNos,
      });
      const imports = new ReadingImports(services);
      let peakRss = process.memoryUsage.rss();
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }, 100);
      let storedMs = 0;
      const figuresMs = await timed(async () => {
        const started = performance.now();
        const importId = imports.start(
          { tenantId: fleet.tenantId, userId: 'benchmark', correlationId: uuidv7() },
          { name: 'history.csv', table: await readHistoryTable(csv) },
          { form: 'counter', intervalMinutes: 60 },
          'en',
        );
        for (;;) {
          const view = (await imports.view(fleet.tenantId, importId))!;
          if (view.status === 'failed') throw new Error(`history import: ${view.message}`);
          if (view.status === 'done' && storedMs === 0) storedMs = performance.now() - started;
          if (view.status === 'done' && view.figures >= 1) {
            if (view.stored !== readings || view.errorCount > 0)
              throw new Error(`imported ${readings} rows: ${view.stored} stored, ${view.errorCount} refused`);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      clearInterval(sampler);

      await services.db.query(
        'CREATE TABLE bench_raw (tenant_id uuid, meter_id uuid, ts timestamptz, total double precision)',
      );
      const copyMs = await timed(() =>
        services.db.copyRows(
          'bench_raw',
          ['tenant_id', 'meter_id', 'ts', 'total'],
          rows.map(([no, t, total]) => [
            fleet.tenantId,
            fleet.meterIds.get(no),
            new Date(t).toISOString(),
            total,
          ]),
        ),
      );
      const figures = perSecond(readings, figuresMs);
      const raw = perSecond(readings, copyMs);
      console.log(
        JSON.stringify({
          bench: 'history-import',
          engine,
          readings,
          meters,
          file_mb: Number((csv.length / 1024 / 1024).toFixed(1)),
          stored_readings_per_s: perSecond(readings, storedMs),
          figures_readings_per_s: figures,
          raw_copy_rows_per_s: raw,
          ratio: Number((figures / raw).toFixed(3)),
          figures_s: Number((figuresMs / 1000).toFixed(1)),
          peak_rss_mb: Math.round(peakRss / 1024 / 1024),
        }),
      );
    } finally {
      await services.close();
    }
  }
}
