import { nightHoursOf } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { type StoredReading, tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_SCHEMA,
  cascadeProjection,
  detachPartitionsBefore,
  getPoint,
  leakageRanking,
  meterDailyVolumes,
  meterFrozen,
  meterHours,
  meterNights,
  meterReadings,
  meterRegistryProjection,
  monthStart,
  nextMonthStart,
  partitionName,
  periodBalance,
  readingRate,
  readingsProjection,
  tenantsProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const HOUR = 3_600_000;
const TZ = 'Asia/Shanghai'; // UTC+8: local midnight is 16:00 UTC the day before
const localMidnight = Date.UTC(2026, 9, 31, 16); // 2026-11-01 00:00 in Shanghai
const at = (hours: number) => localMidnight + hours * HOUR;

describe.each(testEngines())('readings projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const meterTypeId = uuidv7();
  const gatewayId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };

  beforeEach(async () => {
    fx = await projectionsOn(
      engine,
      [tenantsProjection, meterRegistryProjection, readingsProjection, cascadeProjection],
      { batchSize: 7 },
    );
    const settings = tenantSettingsSchema.parse({ timeZone: TZ });
    await fx.append(
      `tenant-${tenantId}`,
      [
        {
          type: 'TenantCreated',
          data: {
            tenantId,
            name: 'Aqua',
            kind: 'utility',
            trial: false,
            createdAt: new Date(at(0)).toISOString(),
            settings,
          },
        },
      ],
      metadata,
    );
    await fx.append(
      `meterType-${meterTypeId}`,
      [
        {
          type: 'MeterTypeCreated',
          data: {
            meterTypeId,
            tenantId,
            name: 'LoRa',
            billingMode: 'postpaid',
            valveControl: false,
            communication: 'lorawan',
            cardKind: 'none',
            reportIntervalMinutes: 60,
          },
        },
      ],
      metadata,
    );
  });
  afterEach(async () => {
    await fx.db.close();
  });

  async function meter(meterNo: string): Promise<string> {
    const meterId = uuidv7();
    await fx.append(
      `meter-${meterId}`,
      [
        {
          type: 'MeterRegistered',
          data: {
            meterId,
            tenantId,
            meterNo,
            meterTypeId,
            initialReading: 0,
            registeredAt: new Date(at(-1)).toISOString(),
          },
        },
      ],
      metadata,
    );
    return meterId;
  }

  /** One upload of one meter (its own batch stream). */
  async function report(
    meterId: string,
    readings: [hours: number, total: number, extra?: Partial<StoredReading>][],
  ) {
    const batchId = uuidv7();
    await fx.append(
      `readingBatch-${gatewayId}.${batchId}`,
      [
        {
          type: 'ReadingsReported',
          data: {
            batchId,
            gatewayId,
            meters: [
              {
                meterId,
                readings: readings.map(([h, total, extra]) => ({
                  ts: new Date(at(h)).toISOString(),
                  total,
                  ...extra,
                })),
              },
            ],
          },
        },
      ],
      metadata,
    );
  }

  /** A partition whose root point measures its inlet with `inlet` and its consumers with `subs`. */
  async function partitionWithPoint(
    name: string,
    inlet: { meterId: string; meterNo: string },
    subs: { meterId: string; meterNo: string }[],
  ) {
    const [partitionId, pointId] = [uuidv7(), uuidv7()];
    await fx.append(
      `cascadePartition-${partitionId}`,
      [
        {
          type: 'CascadePartitionCreated',
          data: {
            partitionId,
            pointId,
            tenantId,
            name,
            leaderName: 'Li',
            leaderPhone: '13800000000',
            thresholds: { leakageRate: 0.2, mnf: 5, kl: 3 },
            boundary: null,
            createdAt: new Date(at(0)).toISOString(),
          },
        },
        { type: 'CascadeSummaryMeterAssociated', data: { partitionId, pointId, meter: inlet } },
        { type: 'CascadeSubMetersAssociated', data: { partitionId, pointId, meters: subs } },
      ],
      metadata,
    );
    return { partitionId, pointId };
  }

  const hourly = (meterId: string) =>
    fx.db
      .query<{
        hour: Date;
        volume: number | null;
        start_known: boolean;
        end_known: boolean;
        coverage: number;
        regular: boolean;
      }>(
        `SELECT hour, volume, start_known, end_known, coverage, regular FROM meter_hourly WHERE meter_id = $1
         ORDER BY hour`,
        [meterId],
      )
      .then((r) => r.rows.map((row) => ({ ...row, meter_id: undefined })));
  const daily = (meterId: string) =>
    fx.db
      .query(
        `SELECT day::text, volume, known, coverage, readings, report_time, total, night_lowest_flow,
           night_counted_seconds
         FROM meter_daily WHERE meter_id = $1 ORDER BY day`,
        [meterId],
      )
      .then((r) => r.rows);

  it("keeps the tenant's time zone and each meter's type, which its days and gaps are computed with", async () => {
    const id = await meter('1000');
    await fx.runner.catchUp('readings');
    const rows = (query: string) => fx.db.query(query).then((r) => r.rows);
    expect(await rows('SELECT tenant_id::text, time_zone FROM reading_zones')).toEqual([
      { tenant_id: tenantId, time_zone: TZ },
    ]);
    expect(
      await rows('SELECT meter_type_id::text, report_interval_minutes FROM reading_meter_types'),
    ).toEqual([{ meter_type_id: meterTypeId, report_interval_minutes: 60 }]);
    expect(await rows('SELECT meter_id::text, meter_type_id::text FROM reading_meters')).toEqual([
      { meter_id: id, meter_type_id: meterTypeId },
    ]);
  });

  it("gives each local day the counter's rise between local midnights, with the daily freeze record", async () => {
    const id = await meter('1001');
    // Readings every 2 hours at :30 from 23:30 the day before to 00:30 two days later; 0.1 m3 per hour.
    await report(
      id,
      Array.from({ length: 26 }, (_, i) => {
        const h = -0.5 + 2 * i;
        return [h, 5 + 0.1 * (h + 0.5), { battery: 3.6 - i * 0.001, valve: 'open' }] as [
          number,
          number,
          Partial<StoredReading>,
        ];
      }),
    );
    await fx.runner.catchUp('readings');
    const days = await withTenant(fx.db, tenantId, (sql) =>
      meterDailyVolumes(sql, id, '2026-11-01', '2026-11-02', TZ),
    );
    expect(days.map((d) => [d.period, Number(d.volume?.toFixed(9)), d.known, d.coverage, d.unknown])).toEqual(
      [
        ['2026-11-01', 2.4, true, 1, null],
        ['2026-11-02', 2.4, true, 1, null],
      ],
    );
    const frozen = await withTenant(fx.db, tenantId, (sql) =>
      meterFrozen(sql, id, '2026-11-01', '2026-11-01'),
    );
    expect(frozen).toEqual([
      {
        reportTime: new Date(at(23.5)).toISOString(),
        recordDate: '2026-11-01',
        usedTotal: expect.closeTo(2.4, 9),
        totalVolume: expect.closeTo(7.4, 9),
        batteryVoltage: expect.closeTo(3.6 - 12 * 0.001, 9),
        valveState: 'open',
      },
    ]);
  });

  it('keeps on each day its night hours: the lowest flow of the regular hours from 02:00 to 04:00 and the time they count', async () => {
    const id = await meter('1101');
    // Hourly readings over three local days, 1 m3 an hour but 0.3 and 0.2 in the first night's two hours;
    // the third night misses its 04:00 reading, so its 03:00 hour lies between readings two hours apart,
    // more than this hourly meter's report interval: it does not count.
    const volume = (h: number) => (h === 2 ? 0.3 : h === 3 ? 0.2 : 1);
    const series: [number, number][] = [];
    for (let h = 0, total = 10; h <= 72; total += volume(h), h++) if (h !== 52) series.push([h, total]);
    await report(id, series);
    await fx.runner.catchUp('readings');
    const [nights, hours] = await withTenant(fx.db, tenantId, async (sql) => [
      await meterNights(sql, id, '2026-11-01', '2026-11-03'),
      await meterHours(sql, id, new Date(at(0)), new Date(at(72))),
    ]);
    expect(nights).toEqual([
      { date: '2026-11-01', lowestFlow: expect.closeTo(0.2, 9), countedMs: 2 * HOUR },
      { date: '2026-11-02', lowestFlow: expect.closeTo(1, 9), countedMs: 2 * HOUR },
      { date: '2026-11-03', lowestFlow: expect.closeTo(1, 9), countedMs: HOUR },
    ]);
    // The same figures, to the bit, as the domain's rule over the hours the read model keeps.
    expect(nights).toEqual(nightHoursOf(hours, TZ));
  });

  it('recomputes exactly the hours late, out-of-order and duplicated readings touch: same rows as clean data', async () => {
    const clean = await meter('2001');
    const messy = await meter('2002');
    const series: [number, number][] = Array.from({ length: 30 }, (_, h) => [h, 100 + h * h * 0.01]);
    await report(clean, series);
    // The same readings in four uploads: a gap filled late, out of order, with a duplicate.
    await report(messy, series.filter(([h]) => h < 10 || h > 20).reverse());
    await fx.runner.catchUp('readings');
    await report(
      messy,
      series.filter(([h]) => h >= 15 && h <= 20),
    );
    await fx.runner.catchUp('readings');
    await report(messy, [...series.filter(([h]) => h >= 10 && h < 15), series[3]!]);
    await fx.runner.catchUp('readings');
    expect(await hourly(messy)).toEqual(await hourly(clean));
    expect(await daily(messy)).toEqual(await daily(clean));
    const verify = await fx.runner.verify('readings');
    expect(verify.equal).toBe(true);
  });

  it('stores every channel as sent, and of readings at one meter and time the first in log order', async () => {
    const id = await meter('2201');
    // Every channel a reading may carry, by its column; the event names them in camel case.
    const columns = {
      reverse_total: 0.25,
      flow: 1.5,
      pressure: 0.31,
      pressure2: 0.29,
      battery: 3.58,
      signal: -71,
      valve: 'closed',
      temperature: 11.5,
      alarms: ['leak', 'lowBattery'],
      counter_break: 'after',
    };
    const channels = Object.fromEntries(
      Object.entries(columns).map(([column, value]) => [
        column.replace(/_(.)/g, (_, c) => c.toUpperCase()),
        value,
      ]),
    ) as Partial<StoredReading>;
    await report(id, [
      [0, 10, channels],
      [1, 11],
    ]);
    await fx.runner.catchUp('readings');
    // Later uploads at hours 1 and 2 in one batch: hour 1 is stored already, hour 2 comes twice.
    await report(id, [
      [1, 99],
      [2, 12],
    ]);
    await report(id, [[2, 98, { valve: 'open' }]]);
    await fx.runner.catchUp('readings');
    const { rows } = await fx.db.query<Record<string, unknown>>(
      `SELECT ts, total, ${Object.keys(columns).join(', ')}, gateway_id::text FROM readings
       WHERE meter_id = $1 ORDER BY ts`,
      [id],
    );
    const bare = Object.fromEntries(Object.keys(columns).map((column) => [column, null]));
    expect(rows).toEqual([
      { ts: new Date(at(0)), total: 10, ...columns, gateway_id: gatewayId },
      { ts: new Date(at(1)), total: 11, ...bare, gateway_id: gatewayId },
      { ts: new Date(at(2)), total: 12, ...bare, gateway_id: gatewayId },
    ]);
    expect((await fx.runner.verify('readings')).equal).toBe(true);
  });

  it('overwrites an hour found stored where none was expected, as one put back from an archive', async () => {
    const clean = await meter('2101');
    const restored = await meter('2102');
    const series: [number, number][] = Array.from({ length: 13 }, (_, h) => [h, 100 + h * 0.5]);
    await report(clean, series);
    await report(restored, series.slice(0, 6));
    await fx.runner.catchUp('readings');
    await fx.db.query(
      `INSERT INTO meter_hourly (tenant_id, meter_id, hour, hour_end, volume, start_known, end_known, coverage,
         regular) VALUES ($1, $2, $3, $4, 999, true, true, 1, true)`,
      [tenantId, restored, new Date(at(10)), new Date(at(11))],
    );
    await report(restored, series.slice(6));
    await fx.runner.catchUp('readings');
    expect(await hourly(restored)).toEqual(await hourly(clean));
    expect(await daily(restored)).toEqual(await daily(clean));
  });

  it("ranks a point by its running totals: a period's balance, whatever the gaps, late uploads and changes of its meters", async () => {
    const inlet = await meter('3001');
    const [home, shop] = [await meter('3002'), await meter('3003')];
    const hours = (from: number, to: number, total: (h: number) => number): [number, number][] =>
      Array.from({ length: to - from + 1 }, (_, i) => [from + i, total(from + i)]);
    const inletTotal = (h: number) => 1000 + 0.5 * h + (h % 7) * 0.01;
    // The inlet misses hours 100 to 105 (day 5 unknown) and, until a late upload, hours 40 to 47.
    await report(inlet, [
      ...hours(0, 39, inletTotal),
      ...hours(48, 99, inletTotal),
      ...hours(106, 240, inletTotal),
    ]);
    await report(
      home,
      hours(0, 240, (h) => 50 + 0.3 * h),
    );
    // The shop opens on day 4 and stops reporting on day 9: no rows before nor after.
    await report(
      shop,
      hours(72, 200, (h) => 10 + 0.1 * h),
    );
    await fx.runner.catchUp('readings');
    const { partitionId, pointId } = await partitionWithPoint(
      'Harbour',
      { meterId: inlet, meterNo: '3001' },
      [
        { meterId: home, meterNo: '3002' },
        { meterId: shop, meterNo: '3003' },
      ],
    );
    await fx.runner.catchUp('readings');
    // The point's running totals follow a late upload of its inlet, to the last bit as one pass from its
    // first day gives them (the home associated again: the same meters, its totals computed anew), then its
    // shop leaving it.
    await report(inlet, hours(40, 47, inletTotal));
    await fx.runner.catchUp('readings');
    await expectRankingIsBalance();
    const pointTotals = () => fx.db.query('SELECT * FROM point_daily ORDER BY day').then((r) => r.rows);
    const continued = await pointTotals();
    await fx.append(
      `cascadePartition-${partitionId}`,
      [
        {
          type: 'CascadeSubMetersAssociated',
          data: { partitionId, pointId, meters: [{ meterId: home, meterNo: '3002' }] },
        },
      ],
      metadata,
    );
    await fx.runner.catchUp('readings');
    expect(await pointTotals()).toEqual(continued);
    await fx.append(
      `cascadePartition-${partitionId}`,
      [{ type: 'CascadeSubMetersRemoved', data: { partitionId, pointId, meterIds: [shop] } }],
      metadata,
    );
    await fx.runner.catchUp('readings');
    await expectRankingIsBalance();
    expect((await fx.runner.verify('readings')).equal).toBe(true);
  });

  async function expectRankingIsBalance() {
    const pointId = (await fx.db.query<{ point_id: string }>('SELECT point_id::text FROM cascade_points'))
      .rows[0]!.point_id;
    const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;
    const periods = [
      [1, 10],
      [2, 5],
      [5, 5],
      [6, 13],
      [4, 9],
      [10, 11],
      [12, 14],
    ];
    for (const [from, to] of periods) {
      const [ranked, balance] = await withTenant(fx.db, tenantId, async (sql) => [
        await leakageRanking(sql, day(from!), day(to!), { pageNum: 1, pageSize: 10 }),
        await periodBalance(sql, (await getPoint(sql, pointId))!, day(from!), day(to!), TZ),
      ]);
      const figures = (f: { supply: number | null; leakage: number | null; leakageRate: number | null }) =>
        [f.supply, f.leakage, f.leakageRate].map((v) => (v === null ? null : Number(v.toFixed(9))));
      expect([from, to, ...figures(ranked.rows[0]!)]).toEqual([from, to, ...figures(balance)]);
    }
  }

  it('ranks every point by leakage rate, highest first and those without a rate last, one page at a time', async () => {
    // Each point an inlet of 1 m3/h and one sub-meter selling its share of it: rates 0.1, 0.5 and 0.3,
    // and a point whose inlet never reports (no supply, no rate).
    const points: Record<string, string> = {};
    for (const [i, [name, share]] of (
      [
        ['North', 0.9],
        ['East', 0.5],
        ['South', 0.7],
        ['Silent', null],
      ] as const
    ).entries()) {
      const [inlet, sub] = [await meter(`41${i}1`), await meter(`41${i}2`)];
      if (share !== null) {
        await report(
          inlet,
          Array.from({ length: 241 }, (_, h) => [h, 100 + h]),
        );
        await report(
          sub,
          Array.from({ length: 241 }, (_, h) => [h, 10 + share * h]),
        );
      }
      const { pointId } = await partitionWithPoint(name, { meterId: inlet, meterNo: `41${i}1` }, [
        { meterId: sub, meterNo: `41${i}2` },
      ]);
      points[name] = pointId;
    }
    await fx.runner.catchUp('readings');
    const page = (pageNum: number) =>
      withTenant(fx.db, tenantId, (sql) =>
        leakageRanking(sql, '2026-11-02', '2026-11-09', { pageNum, pageSize: 2 }),
      );
    const [first, second, past] = [await page(1), await page(2), await page(3)];
    expect([first.total, second.total, past.total]).toEqual([4, 4, 4]);
    expect([...first.rows, ...second.rows].map((r) => [r.name, r.leakageRate?.toFixed(9) ?? null])).toEqual([
      ['East', '0.500000000'],
      ['South', '0.300000000'],
      ['North', '0.100000000'],
      ['Silent', null],
    ]);
    expect(first.rows[0]).toMatchObject({ pointId: points.East, supply: 192 });
    expect(first.rows[0]!.leakage).toBeCloseTo(96, 9);
    expect(past.rows).toEqual([]);
  });

  it('marks days with a gap unknown, counts readings per day and the reading rate', async () => {
    const id = await meter('3001');
    await meter('3002'); // installed, never reports
    // Day 1 fully covered up to 20:00, then nothing until day 3 at 04:00 (a 32-hour gap over both midnights).
    await report(id, [
      [0, 1],
      [1, 1.1],
      [2, 1.2],
      [20, 3],
      [52, 6],
      [53, 7],
    ]);
    await fx.runner.catchUp('readings');
    const days = await withTenant(fx.db, tenantId, (sql) =>
      meterDailyVolumes(sql, id, '2026-11-01', '2026-11-03', TZ),
    );
    // The hourly meter's gap is 2 hours: 02:00-20:00 is not covered, nor is anything after 20:00 until 04:00
    // two days later. No day has a volume (the counter is not known at any midnight but the first) and the
    // gap's volume is never spread over its days as a figure. The third day is not over: not yet complete.
    expect(days.map((d) => [d.period, d.volume, d.known, Number(d.coverage.toFixed(9)), d.unknown])).toEqual([
      ['2026-11-01', null, false, Number((2 / 24).toFixed(9)), 'gap'],
      ['2026-11-02', null, false, 0, 'gap'],
      ['2026-11-03', null, false, Number((1 / 24).toFixed(9)), 'incomplete'],
    ]);
    const rate = await withTenant(fx.db, tenantId, (sql) => readingRate(sql, TZ, '2026-11-03', 3));
    expect(rate).toEqual([
      { date: '2026-11-01', reported: 1, installed: 2, rate: 0.5 },
      { date: '2026-11-02', reported: 0, installed: 2, rate: 0 },
      { date: '2026-11-03', reported: 1, installed: 2, rate: 0.5 },
    ]);
  });

  it('counts a reading on local midnight as the first of its day, whose row exists from it alone', async () => {
    const id = await meter('3003');
    await report(id, [
      [22, 1],
      [23, 1.5],
    ]);
    await fx.runner.catchUp('readings');
    // The next upload holds only the reading of midnight: it closes the first day and opens the second.
    await report(id, [[24, 2]]);
    await fx.runner.catchUp('readings');
    expect((await daily(id)).map((d) => [d.day, d.readings, d.total])).toEqual([
      ['2026-11-01', 2, 1.5],
      ['2026-11-02', 1, 2],
    ]);
  });

  it('bounds a day as PostgreSQL does where the clocks show midnight twice: the day before has 25 hours', async () => {
    // Havana falls back from 01:00 to 00:00 on 2026-11-01: its midnight comes at 04:00 and 05:00 UTC, and
    // PostgreSQL takes the later (standard time), so 31 October has 25 hours.
    await fx.append(
      `tenant-${tenantId}`,
      [
        {
          type: 'TenantSettingsChanged',
          data: { tenantId, settings: tenantSettingsSchema.parse({ timeZone: 'America/Havana' }) },
        },
      ],
      metadata,
    );
    const id = await meter('3004');
    const firstHour = Date.UTC(2026, 9, 31, 4); // 31 October 00:00 in Havana
    const hours = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k): [number, number] => [
        (firstHour - localMidnight) / HOUR + from + k,
        from + k,
      ]);
    // The projection catches up after each upload: the days are recomputed as they fill. The second upload's
    // first reading ends the hour after the first of the two midnights, which is 31 October's last.
    for (const [from, to] of [
      [0, 25],
      [25, 40],
      [40, 50],
    ] as const) {
      await report(id, hours(from, to));
      await fx.runner.catchUp('readings');
    }
    const days = (await daily(id)).map((d) => [d.day, d.readings, d.volume, d.known]);
    expect(days).toEqual([
      ['2026-10-31', 25, 25, true],
      ['2026-11-01', 24, 24, true],
      ['2026-11-02', 1, null, false],
    ]);
  });

  it("applies the meter type's gap: 2 hours for an hourly meter, and its history again when the interval changes", async () => {
    const id = await meter('3101');
    // Hourly readings over two days with a 14-hour outage (06:00-20:00) on the first.
    const hours = Array.from({ length: 49 }, (_, h) => h).filter((h) => h <= 6 || h >= 20);
    await report(
      id,
      hours.map((h): [number, number] => [h, 10 + h]),
    );
    await fx.runner.catchUp('readings');
    const days = () =>
      withTenant(fx.db, tenantId, (sql) => meterDailyVolumes(sql, id, '2026-11-01', '2026-11-02', TZ)).then(
        (rows) => rows.map((d) => [d.period, d.volume, d.known, Number(d.coverage.toFixed(9))]),
      );
    // The counter is known at both midnights: the volume is exact, but the day is not wholly covered.
    expect(await days()).toEqual([
      ['2026-11-01', 24, false, Number((10 / 24).toFixed(9))],
      ['2026-11-02', 24, true, 1],
    ]);
    // A report interval of 8 hours makes the gap 16 hours: the outage is covered, the history recomputed.
    await fx.append(
      `meterType-${meterTypeId}`,
      [
        {
          type: 'MeterTypeChanged',
          data: {
            meterTypeId,
            name: 'LoRa',
            billingMode: 'postpaid',
            valveControl: false,
            communication: 'lorawan',
            cardKind: 'none',
            reportIntervalMinutes: 8 * 60,
          },
        },
      ],
      metadata,
    );
    await fx.runner.catchUp('readings');
    expect(await days()).toEqual([
      ['2026-11-01', 24, true, 1],
      ['2026-11-02', 24, true, 1],
    ]);
    expect((await fx.runner.verify('readings')).equal).toBe(true);
  });

  it('stores imported readings without a gateway and never bridges a counter break', async () => {
    const id = await meter('3201');
    await report(id, [[30, 500]]);
    await fx.append(
      `readingImport-${uuidv7()}`,
      [
        {
          type: 'ReadingsImported',
          data: {
            importId: uuidv7(),
            meterId: id,
            readings: [0, 1, 2, 3, 4].map((h) => ({
              ts: new Date(at(h)).toISOString(),
              total: h < 2 ? h : h - 0.5,
              ...(h === 1
                ? { counterBreak: 'after' as const }
                : h === 2
                  ? { counterBreak: 'before' as const }
                  : {}),
            })),
          },
        },
      ],
      metadata,
    );
    await fx.runner.catchUp('readings');
    expect(
      (await hourly(id))
        .slice(0, 4)
        .map((h) => [h.volume, h.start_known && h.end_known && h.volume !== null, h.coverage, h.regular]),
    ).toEqual([
      [1, true, 1, true],
      [null, false, 0, false],
      [1, true, 1, true],
      [1, true, 1, true],
    ]);
    // The gateway's reading stays the latest state, with its gateway.
    const { rows } = await fx.db.query('SELECT total, gateway_id FROM meter_latest WHERE meter_id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ total: 500, gateway_id: gatewayId }]);
  });

  it('shows a tenant only its own readings, through the tenant view; the table itself is closed to tenants', async () => {
    const id = await meter('5001');
    await report(id, [[1, 1]]);
    await fx.runner.catchUp('readings');
    const other = uuidv7();
    const own = await withTenant(fx.db, tenantId, (sql) =>
      sql.query('SELECT count(*)::int AS n FROM tenant_readings'),
    );
    expect(own.rows).toEqual([{ n: 1 }]);
    const stranger = await withTenant(fx.db, other, (sql) =>
      sql.query('SELECT count(*)::int AS n FROM tenant_readings'),
    );
    expect(stranger.rows).toEqual([{ n: 0 }]);
    await expect(
      withTenant(fx.db, tenantId, (sql) => sql.query('SELECT count(*) FROM readings')),
    ).rejects.toThrow(/permission denied/);
  });

  it('keeps the latest state per meter whatever order readings arrive in', async () => {
    const id = await meter('4001');
    await report(id, [[5, 10, { battery: 3.5, valve: 'closed', signal: -90 }]]);
    await report(id, [[2, 9, { battery: 3.6, valve: 'open' }]]);
    await fx.runner.catchUp('readings');
    const { rows } = await fx.db.query(
      'SELECT ts, total, battery, valve, signal FROM meter_latest WHERE meter_id = $1',
      [id],
    );
    expect(rows).toEqual([{ ts: new Date(at(5)), total: 10, battery: 3.5, valve: 'closed', signal: -90 }]);
  });

  const partitions = () =>
    fx.db
      .query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = 'readings'::regclass ORDER BY c.relname`,
      )
      .then((r) => r.rows.map((row) => row.name));
  const history = (meterId: string, from: number, to: number) =>
    withTenant(fx.db, tenantId, (sql) => meterReadings(sql, meterId, new Date(from), new Date(to), 100)).then(
      (rows) => rows.map((r) => [r.ts, r.total]),
    );

  it('stores a reading twenty years late and one ten years ahead in partitions of their months, and reads them back', async () => {
    // A meter each: the hours between readings twenty years apart would all be computed.
    const [late, early] = [await meter('6001'), await meter('6003')];
    const id = await meter('6004');
    const past = at(-20 * 365 * 24);
    const future = at(10 * 365 * 24);
    await report(late, [[-20 * 365 * 24, 1]]);
    await report(id, [[1, 2]]);
    await report(early, [[10 * 365 * 24, 3]]);
    await fx.runner.catchUp('readings');
    const names = await partitions();
    for (const ms of [past, at(1), future])
      expect(names).toContain(partitionName('readings', monthStart(ms)));
    // Months ahead of today are there before any reading needs them.
    expect(names).toContain(partitionName('readings', monthStart(Date.now() + 40 * 24 * HOUR)));
    expect(await history(late, past - HOUR, future + HOUR)).toEqual([[new Date(past).toISOString(), 1]]);
    expect(await history(id, past - HOUR, future + HOUR)).toEqual([[new Date(at(1)).toISOString(), 2]]);
    expect(await history(early, past - HOUR, future + HOUR)).toEqual([[new Date(future).toISOString(), 3]]);
    // The history of a day reads the partition of its month alone.
    const plan = await fx.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT ts, total FROM readings WHERE meter_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts`,
      [id, new Date(at(10)).toISOString(), new Date(at(20)).toISOString()],
    );
    const scanned = plan.rows
      .map((r) => r['QUERY PLAN'])
      .join('\n')
      .match(/readings_\d{4}_\d{2}/g);
    expect(new Set(scanned)).toEqual(new Set([partitionName('readings', monthStart(at(10)))]));
    expect((await fx.runner.verify('readings')).equal).toBe(true);
  });

  it('detaches only the months before the date into the archive; the later months and the daily figures still answer', async () => {
    const id = await meter('6002');
    const september = at(-40 * 24);
    const october = at(-5 * 24);
    const november = at(3 * 24);
    await report(id, [
      [-40 * 24, 10],
      [-5 * 24, 20],
      [-5 * 24 + 1, 20.5],
      [3 * 24, 30],
      [3 * 24 + 1, 31],
    ]);
    await fx.runner.catchUp('readings');
    const dailyBefore = await daily(id);
    // The hourly rollup is kept by month as well: its hours of those months go to the archive with them.
    const hoursIn = async (month: number) =>
      (
        await fx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM meter_hourly WHERE hour >= $1 AND hour < $2',
          [new Date(month).toISOString(), new Date(nextMonthStart(month)).toISOString()],
        )
      ).rows[0]!.n;
    const [septemberHours, octoberHours] = [
      await hoursIn(monthStart(september)),
      await hoursIn(monthStart(october)),
    ];
    expect(septemberHours).toBeGreaterThan(0);
    const detached = await detachPartitionsBefore(fx.db, readingsProjection, new Date(Date.UTC(2026, 10, 1)));
    expect(detached).toEqual([
      { table: `${ARCHIVE_SCHEMA}.${partitionName('readings', monthStart(september))}`, rows: 1 },
      { table: `${ARCHIVE_SCHEMA}.${partitionName('readings', monthStart(october))}`, rows: 2 },
      {
        table: `${ARCHIVE_SCHEMA}.${partitionName('meter_hourly', monthStart(september))}`,
        rows: septemberHours,
      },
      {
        table: `${ARCHIVE_SCHEMA}.${partitionName('meter_hourly', monthStart(october))}`,
        rows: octoberHours,
      },
    ]);
    expect(await hoursIn(monthStart(october))).toBe(0);
    const names = await partitions();
    expect(names).toContain(partitionName('readings', monthStart(november)));
    expect(names).not.toContain(partitionName('readings', monthStart(october)));
    expect(await history(id, september, november + 2 * HOUR)).toEqual([
      [new Date(november).toISOString(), 30],
      [new Date(november + HOUR).toISOString(), 31],
    ]);
    expect(await daily(id)).toEqual(dailyBefore);
    // A late reading of an archived month finds a new partition; the archive keeps what it had.
    await report(id, [[-5 * 24 + 2, 20.7]]);
    await fx.runner.catchUp('readings');
    expect(await history(id, october, october + 3 * HOUR)).toEqual([
      [new Date(october + 2 * HOUR).toISOString(), 20.7],
    ]);
    const archived = await fx.db.query(
      `SELECT count(*)::int AS n FROM ${ARCHIVE_SCHEMA}.${partitionName('readings', monthStart(october))}`,
    );
    expect(archived.rows).toEqual([{ n: 2 }]);
  });
});
