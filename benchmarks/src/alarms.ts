// `npm run bench -- alarms [--meters <n>]`: the meter alarm detection (every default rule, one set-based
// statement) over one day of hourly readings of 100,000 meters, against one plain SQL scan of the same day's
// readings (the baseline). The day (and the evening before it, which a leak running since then needs) is
// loaded straight into the readings read model with COPY (readings, meter_hourly and meter_latest rows as the
// readings projection writes them), with a known share of meters misbehaving in each way the rules look for;
// a detection that finds other alarms than those is a failure.
import { addDays, localDate, localMidnight } from '@hydrolog/domain';
import {
  ensureTimeSeriesMonths,
  meterAlarmCandidates,
  readingsProjection,
  withTenant,
} from '@hydrolog/projections';
import { DEFAULT_ALARM_RULES, METER_ALARM_KIND, uuidv7 } from '@hydrolog/schemas';
import { executeAll } from '../../apps/api/src/commands.ts';
import { defaultAlarmRules } from '../../apps/api/src/operations/index.ts';
import { benchEngines, timed } from './engines.ts';
import type { BenchOptions } from './run.ts';
import { METER_HOURLY_COLUMNS, registerFleet, servicesOn } from './service.ts';

const HOUR_MS = 3_600_000;
const TIME_ZONE = 'Asia/Shanghai';
const FIRST_METER_NO = 500_000;
/** Meters loaded per COPY: a chunk's rows are built in memory, the whole day's would not need to be. */
const CHUNK = 2000;
/** Hours of the evening before the day that are loaded too. */
const EVENING_HOURS = 6;

/** What meter m does during the day: one meter in a hundred each way, the others normally. */
const FAULTS = [
  null,
  METER_ALARM_KIND.continuousFlow, // a household leak: flow every hour, the night too
  METER_ALARM_KIND.burst, // one hour far above the rest
  METER_ALARM_KIND.reverseFlow, // water running backwards for an hour
  METER_ALARM_KIND.lowBattery, // a dying battery
  METER_ALARM_KIND.tamper, // a code the meter reports itself
  METER_ALARM_KIND.offline, // silent from noon
] as const;
const faultOf = (m: number) => FAULTS[m % 100] ?? null;

/** Volume of meter m in the hour from local `hour` of the day, m³: none at 02:00-04:00 unless it leaks. */
function volume(m: number, hour: number): number {
  const fault = faultOf(m);
  if (fault === METER_ALARM_KIND.burst && hour === 19) return 8;
  const h = (hour + 24) % 24; // the evening before counts from -6
  if (h >= 2 && h < 4 && fault !== METER_ALARM_KIND.continuousFlow) return 0;
  return Math.round((0.02 + (m % 13) * 0.005) * (h >= 6 && h < 22 ? 3 : 1) * 1000) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

export async function alarmsBench({ quick, engine: only, meters: asked }: BenchOptions) {
  const meters = asked ?? (quick ? 2000 : 100_000);
  const samples = quick ? 3 : 5;

  for (const { engine, open } of benchEngines(only)) {
    const services = await servicesOn(await open());
    try {
      const meterNos = Array.from({ length: meters }, (_, i) => String(FIRST_METER_NO + i));
      const fleet = await registerFleet(services, {
        name: 'Alarms benchmark',
        timeZone: TIME_ZONE,
        meterNos,
      });
      const metadata = { tenantId: fleet.tenantId, userId: 'benchmark', correlationId: uuidv7() };
      await executeAll(services.store, defaultAlarmRules(new Date().toISOString()), { metadata });
      const meterIds = meterNos.map((no) => fleet.meterIds.get(no)!);

      // Yesterday (local), evaluated as the job does the day under way at 23:30, so that every rule applies
      // (the offline rule looks at the day under way only).
      const day = addDays(localDate(Date.now(), TIME_ZONE), -1);
      const t0 = localMidnight(day, TIME_ZONE);
      const until = new Date(t0 + 23.5 * HOUR_MS);
      let readings = 0;
      const loadMs = await timed(async () => {
        await ensureTimeSeriesMonths(
          services.db,
          readingsProjection,
          t0 - EVENING_HOURS * HOUR_MS,
          t0 + 24 * HOUR_MS,
        );
        for (let first = 0; first < meters; first += CHUNK) {
          const readingRows: unknown[][] = [];
          const hourRows: unknown[][] = [];
          const latestRows: unknown[][] = [];
          for (let m = first; m < Math.min(meters, first + CHUNK); m++) {
            const fault = faultOf(m);
            const meterId = meterIds[m]!;
            const lastHour = fault === METER_ALARM_KIND.offline ? 12 : 23;
            let total = 100 + m;
            for (let h = -EVENING_HOURS; h <= lastHour; h++) {
              const ts = new Date(t0 + h * HOUR_MS).toISOString();
              const battery = fault === METER_ALARM_KIND.lowBattery && h >= 0 ? 3.0 : 3.6;
              const alarms = fault === METER_ALARM_KIND.tamper && h === 9 ? [METER_ALARM_KIND.tamper] : null;
              readingRows.push([fleet.tenantId, meterId, ts, total, fleet.gatewayId, battery, alarms]);
              if (h === lastHour) {
                latestRows.push([meterId, fleet.tenantId, ts, total, battery, fleet.gatewayId]);
                break;
              }
              const v = volume(m, h);
              const reverse = fault === METER_ALARM_KIND.reverseFlow && h === 14 ? 0.1 : 0;
              const end = new Date(t0 + (h + 1) * HOUR_MS).toISOString();
              hourRows.push([fleet.tenantId, meterId, ts, end, v, reverse, true, true, 1, true]);
              total = Math.round((total + v) * 1000) / 1000;
            }
          }
          readings += readingRows.length;
          await services.db.copyRows(
            'readings',
            ['tenant_id', 'meter_id', 'ts', 'total', 'gateway_id', 'battery', 'alarms'],
            readingRows,
          );
          await services.db.copyRows('meter_hourly', METER_HOURLY_COLUMNS, hourRows);
          await services.db.copyRows(
            'meter_latest',
            ['meter_id', 'tenant_id', 'ts', 'total', 'battery', 'gateway_id'],
            latestRows,
          );
        }
        // What autovacuum does after a production load: statistics for the planner, and the visibility map.
        await services.db.query('VACUUM (ANALYZE) readings, meter_hourly, meter_latest, meters, alarm_rules');
        if (engine === 'postgres') await services.db.query('CHECKPOINT');
      });

      const evaluate = () =>
        withTenant(services.db, fleet.tenantId, (sql) => meterAlarmCandidates(sql, day, TIME_ZONE, until));
      const scan = () =>
        withTenant(services.db, fleet.tenantId, (sql) =>
          sql.query(
            'SELECT count(*), sum(total), min(battery) FROM tenant_readings WHERE ts >= $1 AND ts < $2',
            [new Date(t0).toISOString(), until.toISOString()],
          ),
        );

      // One unmeasured call of each first: the samples measure warm plans and caches, as a running job has.
      const candidates = await evaluate();
      await scan();
      const evaluateMs: number[] = [];
      const baselineMs: number[] = [];
      for (let i = 0; i < samples; i++) {
        evaluateMs.push(await timed(evaluate));
        baselineMs.push(await timed(scan));
      }

      // The alarms found are exactly the faults loaded: each kind on its meters, nothing on the others.
      const expected = new Map<string, number>();
      for (let m = 0; m < meters; m++) {
        const fault = faultOf(m);
        if (fault) expected.set(fault, (expected.get(fault) ?? 0) + 1);
      }
      const found = new Map<string, number>();
      const indexOf = new Map(meterIds.map((id, m) => [id, m]));
      const wrong = candidates.filter((c) => faultOf(indexOf.get(c.meterId)!) !== c.kind);
      for (const c of candidates) found.set(c.kind, (found.get(c.kind) ?? 0) + 1);
      const same = [...expected].every(([kind, n]) => found.get(kind) === n) && found.size === expected.size;
      if (!same || wrong.length > 0) {
        process.exitCode = 1;
        console.error(
          `alarms: expected ${JSON.stringify(Object.fromEntries(expected))}, found ${JSON.stringify(
            Object.fromEntries(found),
          )} (${wrong.length} on the wrong meter)`,
        );
      }

      const evaluate_ms = round1(median(evaluateMs));
      const baseline_ms = round1(median(baselineMs));
      console.log(
        JSON.stringify({
          bench: 'alarms',
          engine,
          meters,
          readings,
          evaluate_ms,
          baseline_ms,
          ratio: Math.round((evaluate_ms / baseline_ms) * 10) / 10,
          alarms: candidates.length,
          rules: DEFAULT_ALARM_RULES.length,
          bulk_load: 'COPY into readings, meter_hourly, meter_latest',
          bulk_load_s: Math.round(loadMs / 100) / 10,
        }),
      );
    } finally {
      await services.close();
    }
  }
}
