import { addDays, localMidnight } from '@hydrolog/domain';
import {
  referenceFigures,
  type Sample,
  scenarios,
  TEST_METERS,
  type TestMeterKind,
} from '@hydrolog/domain/testing';
import { testEngines } from '@hydrolog/eventstore/testing';
import { type DailyFigure, type MeterHistory, type NightFigure, uuidv7 } from '@hydrolog/schemas';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

/**
 * The leakage figures as the routes give them (readings projection, queries, routes) against DESIGN's
 * words (the reference of @hydrolog/domain/testing), on random series with outages of 1 to 200 hours across
 * the clock changes of a European and an American tenant; and one answer for one day: the daily route,
 * the night route and the meter history agree on every day.
 */

const DAYS = 12;
const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';

/** A tenant per zone: the trial tenant is in Paris; the demo tenant is moved to New York. */
const ZONES = {
  'Europe/Paris': { tenantId: TRIAL_TENANT, account: ACCOUNTS.trialAdmin },
  'America/New_York': { tenantId: DEMO_TENANT, account: ACCOUNTS.demoAdmin },
} as const;
type Zone = keyof typeof ZONES;

function sameFigure(product: number | null, reference: number | null): boolean {
  if (product === null || reference === null) return product === reference;
  return Math.abs(product - reference) <= 1e-9 * Math.max(1, Math.abs(reference));
}

describe.each(testEngines())('leakage figures against DESIGN on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  const users = {} as Record<Zone, ReturnType<typeof injectAs>>;

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const demo = (await operator(`/prod-api/system/tenant/${DEMO_TENANT}`)).json().data;
    const moved = await operator({
      method: 'PUT',
      url: '/prod-api/system/tenant',
      payload: {
        tenantId: DEMO_TENANT,
        version: demo.version,
        settings: { ...demo.settings, timeZone: 'America/New_York' },
      },
    });
    expect(moved.json().code).toBe(200);
    for (const zone of Object.keys(ZONES) as Zone[]) {
      const [userName, password] = ZONES[zone].account;
      users[zone] = injectAs(app, await login(app, userName, password));
    }
    await services.runner.catchUp('readings');
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  let meterNo = 700_000;

  /** A summary meter with these readings on a new partition's root (no sub-meters) of the zone's tenant. */
  async function inlet(zone: Zone, kind: TestMeterKind, readings: readonly Sample[]) {
    const metadata = { tenantId: ZONES[zone].tenantId, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: `Inlet ${uuidv7().slice(-8)}`,
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: TEST_METERS[kind].reportIntervalMinutes,
    });
    const no = String(meterNo++);
    const [meterId] = await registerMeters(services.store, metadata, [{ meterNo: no, meterTypeId }]);
    const user = users[zone];
    const created = await user({
      method: 'POST',
      url: '/prod-api/cascade/partition',
      payload: {
        name: `District ${no}`,
        leaderName: 'Li Wei',
        leaderPhone: '13800000000',
        thresholds: { leakageRate: 0.3, mnf: 1, kl: 0.5 },
      },
    });
    const { pointId } = created.json().data;
    await user({
      method: 'PUT',
      url: '/prod-api/cascade/point/summaryMeter',
      payload: { pointId, meterNo: no },
    });
    // Outages may leave a meter with no reading at all: then there is nothing to import.
    if (readings.length > 0)
      await services.store.append(
        `readingImport-${uuidv7()}`,
        [
          {
            id: uuidv7(),
            type: 'ReadingsImported',
            data: {
              importId: uuidv7(),
              meterId: meterId!,
              readings: readings.map((r) => ({ ts: new Date(r.t).toISOString(), total: r.total })),
            },
            metadata,
          },
        ],
        { expectedVersion: 'no_stream' },
      );
    await services.runner.catchUp('readings');
    return { pointId, meterNo: no };
  }

  async function figures(zone: Zone, pointId: string, no: string, from: string, to: string) {
    const user = users[zone];
    const query = `pointId=${pointId}&from=${from}&to=${to}`;
    const daily: DailyFigure[] = (await user(`/prod-api/cascade/analysis/daily?${query}`)).json().rows;
    const nights: NightFigure[] = (await user(`/prod-api/cascade/analysis/night?${query}`)).json().rows;
    const history: MeterHistory = (
      await user(`/prod-api/report/history/meter?meterNo=${no}&from=${from}&to=${to}`)
    ).json().data;
    return { daily, nights, history };
  }

  it.each(Object.keys(TEST_METERS) as TestMeterKind[])(
    'daily and night routes equal the reference on every day, and agree with the meter history (%s)',
    async (kind) => {
      const zones = Object.keys(ZONES) as Zone[];
      await fc.assert(
        fc.asyncProperty(scenarios(kind, zones, DAYS, { minLength: 1, maxLength: 5 }), async (s) => {
          const { fromDay, readings } = s;
          const zone = s.zone as Zone;
          const toDay = addDays(fromDay, DAYS - 1);
          const reference = referenceFigures(
            readings,
            TEST_METERS[kind].reportIntervalMinutes,
            zone,
            fromDay,
            toDay,
          );
          const { pointId, meterNo: no } = await inlet(zone, kind, readings);
          const { daily, nights, history } = await figures(zone, pointId, no, fromDay, toDay);
          const historyDays = new Map(history.daily.map((d) => [d.period, d]));
          expect(daily.map((d) => d.date)).toEqual(reference.map((r) => r.date));
          expect(nights.map((n) => n.date)).toEqual(reference.map((r) => r.date));
          reference.forEach((r, i) => {
            const day = daily[i]!;
            const night = nights[i]!;
            const got = { ...night, date: r.date, supply: day.supply, coverage: day.supplyCoverage };
            for (const name of ['supply', 'coverage', 'mnf', 'adf', 'kl'] as const) {
              if (!sameFigure(got[name], r[name]))
                expect({ date: r.date, [name]: got[name] }).toEqual({ date: r.date, [name]: r[name] });
            }
            // One answer for one day: the history's day is known exactly when the routes have a supply.
            const listed = historyDays.get(r.date);
            expect(listed?.known ?? false).toBe(day.supply !== null);
            if (day.supply !== null) expect(sameFigure(listed!.volume, day.supply)).toBe(true);
            expect(night.adf === null).toBe(day.supply === null);
            // Every null says why; a point without sub-meters has supply but no sales, leakage or rate.
            expect(day).toMatchObject({ sales: null, leakage: null, leakageRate: null });
            // A day the meter has reported past has a gap; else it is not complete yet.
            const missing =
              (readings.at(-1)?.t ?? Number.NEGATIVE_INFINITY) >= localMidnight(addDays(r.date, 1), zone)
                ? 'gap'
                : 'incomplete';
            expect(day.unknown).toBe(day.supply === null ? missing : 'noSubMeters');
            if (listed && !listed.known) expect(listed.unknown).toBe(missing);
            if (night.mnf === null) expect(['gap', 'incomplete']).toContain(night.mnfUnknown);
            else expect(night.mnfUnknown).toBeNull();
          });
        }),
        { numRuns: kind === 'quarterHourly' ? 8 : 15 },
      );
    },
  );
});
