import { addDays, localDate, localMidnight } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCascadeAlarms, evaluateLeakAlarms } from '../src/cascade/index.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, multipartFile, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
const ZONE = 'Asia/Shanghai'; // the demo tenant's zone
const HOUR = 3_600_000;
const thresholds = { leakageRate: 0.3, mnf: 1, kl: 0.5 };
const leader = { leaderName: 'Li Wei', leaderPhone: '13800000000' };

async function meters(services: Services, tenantId: string, meterNos: string[]) {
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: `Bulk ${uuidv7().slice(-6)}`,
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 60,
  });
  const ids = await registerMeters(
    services.store,
    metadata,
    meterNos.map((meterNo) => ({ meterNo, meterTypeId })),
  );
  return new Map(meterNos.map((no, i) => [no, ids[i]!]));
}

/** Opens a postpaid account on each meter (only meters with an open account may become sub-meters). */
async function openAccounts(admin: ReturnType<typeof injectAs>, meterIds: Map<string, string>) {
  const type = await admin({
    method: 'POST',
    url: '/prod-api/business/customerType',
    payload: { name: `Cascade ${uuidv7().slice(-6)}` },
  });
  const customerTypeId = type.json().data.customerTypeId;
  const customerIds = new Map<string, string>();
  for (const [meterNo, meterId] of meterIds) {
    const res = await admin({
      method: 'POST',
      url: '/prod-api/business/customer',
      payload: { accountNo: `K${meterNo}`, name: 'Li Na', phone: '13800000001', customerTypeId, meterId },
    });
    expect(res.json().code).toBe(200);
    customerIds.set(meterNo, res.json().data.customerId);
  }
  return customerIds;
}

/** Counter readings on every local hour of [from, to) for a meter whose flow per local hour is `flow(h)`. */
function hourlyReadings(meterNo: string, from: number, hours: number, flow: (localHour: number) => number) {
  const readings = [];
  let total = 100;
  for (let i = 0; i <= hours; i++) {
    const t = from + i * HOUR;
    readings.push({ meterNo, ts: new Date(t).toISOString(), total: Math.round(total * 1000) / 1000 });
    total += flow(new Date(t + 8 * HOUR).getUTCHours());
  }
  return readings;
}

describe.each(testEngines())('cascade partitions and leakage figures on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let gatewayKey: string;
  let partitionId: string;
  let rootId: string;
  // A finished local day three days back, and the instant it starts.
  const day = addDays(localDate(Date.now(), ZONE), -3);
  const dayStart = localMidnight(day, ZONE);

  const upload = (readings: unknown[]) =>
    app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: uuidv7(), readings }),
    });

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    // 9100 is an inlet (no account needed); 9104 has no account; 9105's account gets cancelled.
    const demoMeters = await meters(services, DEMO_TENANT, ['9100', '9101', '9102', '9103', '9104', '9105']);
    const customerIds = await openAccounts(
      admin,
      new Map([...demoMeters].filter(([no]) => ['9101', '9102', '9103', '9105'].includes(no))),
    );
    const cancelled = await admin({
      method: 'PUT',
      url: '/prod-api/business/customer/cancel',
      payload: { customerId: customerIds.get('9105'), version: 0 },
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    await meters(services, TRIAL_TENANT, ['9200']);
    const gateway = await admin({
      method: 'POST',
      url: '/prod-api/ingest/gateway',
      payload: { name: 'Cascade concentrator', kind: 'concentrator' },
    });
    gatewayKey = gateway.json().data.key;
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('creates a partition with its root, a summary meter and sub-meters typed with English commas', async () => {
    const created = await admin({
      method: 'POST',
      url: '/prod-api/cascade/partition',
      payload: { name: 'North zone', ...leader, thresholds },
    });
    expect(created.json().code).toBe(200);
    ({ partitionId, pointId: rootId } = created.json().data);

    const summary = await admin({
      method: 'PUT',
      url: '/prod-api/cascade/point/summaryMeter',
      payload: { pointId: rootId, meterNo: '9100' },
    });
    expect(summary.json().data.meterNo).toBe('9100');
    const subs = await admin({
      method: 'POST',
      url: '/prod-api/cascade/point/subMeters',
      payload: { pointId: rootId, meterNos: '9101, 9102,9101' },
    });
    expect(subs.json().data).toEqual({ added: 2, total: 2 });

    const detail = (await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data;
    expect(detail).toMatchObject({ name: 'North zone', levels: 1, pointCount: 1, rootPointId: rootId });
    expect(detail.points[0]).toMatchObject({ summaryMeter: { meterNo: '9100' }, subMeterCount: 2, level: 1 });
    const list = (await admin('/prod-api/cascade/partition/list?name=north')).json();
    expect(list).toMatchObject({ code: 200, total: 1 });
  });

  it('refuses meters not opened in the tenant (unknown, another tenant, no account, cancelled account) and malformed lists, changing nothing', async () => {
    for (const meterNos of ['9999', '9200', '9104', '9105']) {
      const res = await admin({
        method: 'POST',
        url: '/prod-api/cascade/point/subMeters',
        payload: { pointId: rootId, meterNos },
        headers: { 'accept-language': 'en' },
      });
      expect(res.json()).toMatchObject({ code: 500, msg: `Meter ${meterNos} is not opened` });
    }
    const malformed = await admin({
      method: 'POST',
      url: '/prod-api/cascade/point/subMeters',
      payload: { pointId: rootId, meterNos: '9101;9102' },
      headers: { 'accept-language': 'en' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('Meter numbers separated by English commas');
    const point = (await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data.points[0];
    expect(point.subMeterCount).toBe(2);
  });

  it('offers for batch selection only opened meters not yet on the point, paged and filtered', async () => {
    const url = `/prod-api/cascade/point/${rootId}/subMeterCandidates`;
    // 9100 is the summary meter, 9101 and 9102 are sub-meters, 9104 has no account, 9105's is cancelled.
    const page = (await admin(`${url}?meterNo=910&pageNum=1&pageSize=10`)).json();
    expect(page).toMatchObject({ code: 200, total: 1 });
    expect(page.rows).toEqual([
      { meterId: expect.any(String), meterNo: '9103', accountNo: 'K9103', accountName: 'Li Na' },
    ]);
    const byName = (await admin(`${url}?meterNo=910&accountName=li%20n`)).json();
    expect(byName.rows.map((r: { meterNo: string }) => r.meterNo)).toEqual(['9103']);
    expect((await admin(`${url}?meterNo=910&accountName=nobody`)).json().total).toBe(0);
    const byTrial = await trial(url);
    expect(byTrial.json().key).toBe('error.cascade.pointNotFound');
    expect((await viewer(url)).statusCode).toBe(403);
  });

  it("lists a point's sub-meters by number, filtered by a part of the number", async () => {
    const url = `/prod-api/cascade/point/${rootId}/subMeters`;
    const numbers = (res: { json(): { rows: { meterNo: string }[] } }) =>
      res.json().rows.map((r) => r.meterNo);
    expect(numbers(await admin(`${url}?pageNum=1&pageSize=10`))).toEqual(['9101', '9102']);
    const filtered = (await admin(`${url}?meterNo=102`)).json();
    expect(filtered).toMatchObject({ code: 200, total: 1, rows: [{ meterNo: '9102' }] });
    // LIKE's wildcards are taken as they are typed.
    expect((await admin(`${url}?meterNo=91_1`)).json().total).toBe(0);
    expect((await trial(url)).json().key).toBe('error.cascade.pointNotFound');
  });

  it("edits the root's leader and thresholds through the point route, as the partition's, keeping the boundary", async () => {
    const before = (await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data;
    const changed = { ...leader, leaderName: 'Zhao Min', thresholds: { ...thresholds, kl: 0.8 } };
    const res = await admin({
      method: 'PUT',
      url: '/prod-api/cascade/point',
      payload: { partitionId, pointId: rootId, name: 'North zone', ...changed },
    });
    expect(res.json()).toMatchObject({ code: 200, data: { pointId: rootId } });
    const after = (await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data;
    expect(after).toMatchObject({ name: 'North zone', ...changed, boundary: before.boundary });
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.points[0]).toMatchObject({ pointId: rootId, ...changed, subMeterCount: 2 });
    const bad = await admin({
      method: 'PUT',
      url: '/prod-api/cascade/point',
      payload: {
        partitionId,
        pointId: rootId,
        name: 'North zone',
        ...changed,
        thresholds: { ...thresholds, mnf: 0 },
      },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Must be greater than 0');
    const byTrial = await trial({
      method: 'PUT',
      url: '/prod-api/cascade/point',
      payload: { partitionId, pointId: rootId, name: 'Mine', ...changed },
    });
    expect(byTrial.json().key).toBe('error.cascade.pointNotFound');
    const byViewer = await viewer({
      method: 'PUT',
      url: '/prod-api/cascade/point',
      payload: { partitionId, pointId: rootId, name: 'Mine', ...changed },
    });
    expect(byViewer.statusCode).toBe(403);
    expect((await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data.name).toBe('North zone');
  });

  it('imports only opened meters from xlsx, with an error per refused row', async () => {
    const created = await admin({
      method: 'POST',
      url: '/prod-api/cascade/partition',
      payload: { name: 'Import zone', ...leader, thresholds },
    });
    const { partitionId: importZone, pointId } = created.json().data;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('sub-meters');
    for (const row of [['Meter number'], ['9101'], ['9104'], ['9105'], ['9200']]) sheet.addRow(row);
    const file = multipartFile(
      'sub-meters.xlsx',
      Buffer.from(await book.xlsx.writeBuffer()),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const res = await admin({
      method: 'POST',
      url: `/prod-api/cascade/point/${pointId}/subMeters/import`,
      payload: file.payload,
      headers: { ...file.headers, 'accept-language': 'en' },
    });
    expect(res.json().data).toEqual({
      added: 1,
      total: 1,
      errors: [3, 4, 5].map((row, i) => ({
        row,
        meterNo: ['9104', '9105', '9200'][i],
        message: `Meter ${['9104', '9105', '9200'][i]} is not opened`,
      })),
    });
    await admin({ method: 'DELETE', url: `/prod-api/cascade/partition/${importZone}` });
  });

  it("keeps to five levels: 'Cascade layers cannot exceed five'", async () => {
    let parentId = rootId;
    for (let level = 2; level <= 5; level++) {
      const res = await admin({
        method: 'POST',
        url: '/prod-api/cascade/point',
        payload: { partitionId, parentId, name: `Level ${level}`, ...leader, thresholds },
      });
      expect(res.json().code).toBe(200);
      parentId = res.json().data.pointId;
    }
    const sixth = await admin({
      method: 'POST',
      url: '/prod-api/cascade/point',
      payload: { partitionId, parentId, name: 'Level 6', ...leader, thresholds },
      headers: { 'accept-language': 'en' },
    });
    expect(sixth.json()).toMatchObject({ code: 500, msg: 'Cascade layers cannot exceed five' });
    const detail = (await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data;
    expect(detail).toMatchObject({ levels: 5, pointCount: 5 });
  });

  it('removes the root only with the partition and refuses a point with sub-meters', async () => {
    const root = await admin({
      method: 'DELETE',
      url: `/prod-api/cascade/point/${rootId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(root.json()).toMatchObject({
      code: 500,
      msg: 'The root node cannot be removed; delete the cascade partition instead',
    });
    const detail = (await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data;
    const level2 = detail.points.find((p: { level: number }) => p.level === 2);
    await admin({
      method: 'POST',
      url: '/prod-api/cascade/point/subMeters',
      payload: { pointId: level2.pointId, meterNos: ['9103'] },
    });
    const withSubs = await admin({
      method: 'DELETE',
      url: `/prod-api/cascade/point/${level2.pointId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(withSubs.json()).toMatchObject({ code: 500, msg: 'Sub-meter exists and cannot be deleted' });
    // The three deepest levels go in one confirmed batch.
    const deepest = detail.points
      .filter((p: { level: number }) => p.level >= 3)
      .map((p: { pointId: string }) => p.pointId);
    const batch = await admin({ method: 'DELETE', url: `/prod-api/cascade/point/${deepest.join(',')}` });
    expect(batch.json().code).toBe(200);
    expect((await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data.pointCount).toBe(2);
  });

  // The second sub-meter's readings after 12:00 local arrive late.
  const from = dayStart - 2 * HOUR;
  const secondSubMeter = hourlyReadings('9102', from, 28, () => 3);

  it('computes supply, sales, leakage, rate, coverage, MNF, ADF and KL from readings sent through ingest', async () => {
    // Inlet: 10 m3/h, except 2 m3/h at 02:00 and 3 m3/h at 03:00 local -> supply 225, MNF 2, ADF 9.375.
    // Sub-meters at 3 m3/h each; the second reports until 12:00 only: its day is not known, so sales are the
    // first's 72 m3 and coverage (1 + 1 + 0.5) / 3.
    const res = await upload([
      ...hourlyReadings('9100', from, 28, (h) => (h === 2 ? 2 : h === 3 ? 3 : 10)),
      ...hourlyReadings('9101', from, 28, () => 3),
      ...secondSubMeter.slice(0, 15),
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json().rejected).toEqual([]);
    await services.runner.catchUp('readings');

    const daily = (
      await admin(`/prod-api/cascade/analysis/daily?pointId=${rootId}&from=${day}&to=${day}`)
    ).json();
    expect(daily.total).toBe(1);
    expect(daily.rows[0].date).toBe(day);
    expect(daily.rows[0].supply).toBeCloseTo(225, 9);
    expect(daily.rows[0].sales).toBeCloseTo(72, 9);
    expect(daily.rows[0].leakage).toBeCloseTo(153, 9);
    expect(daily.rows[0].leakageRate).toBeCloseTo(153 / 225, 9);
    expect(daily.rows[0].coverage).toBeCloseTo(2.5 / 3, 9);
    expect(daily.rows[0]).toMatchObject({ supplyCoverage: 1, unknown: null });

    const night = (
      await admin(`/prod-api/cascade/analysis/night?pointId=${rootId}&from=${day}&to=${day}`)
    ).json();
    expect(night.rows[0].mnf).toBeCloseTo(2, 9);
    expect(night.rows[0].adf).toBeCloseTo(9.375, 9);
    expect(night.rows[0].kl).toBeCloseTo(2 / 9.375, 9);
    // The next day has only its first two hours: no MNF in the window, and no ADF from a part of a day; the
    // inlet has not reported past them yet, so the night and the day are not complete (rather than a gap).
    const next = (
      await admin(
        `/prod-api/cascade/analysis/night?pointId=${rootId}&from=${addDays(day, 1)}&to=${addDays(day, 1)}`,
      )
    ).json();
    expect(next.rows[0]).toEqual({
      date: addDays(day, 1),
      mnf: null,
      adf: null,
      kl: null,
      coverage: 0,
      mnfUnknown: 'incomplete',
      adfUnknown: 'incomplete',
    });
    const partial = (
      await admin(
        `/prod-api/cascade/analysis/daily?pointId=${rootId}&from=${addDays(day, 1)}&to=${addDays(day, 1)}`,
      )
    ).json().rows[0];
    expect(partial).toMatchObject({ supply: null, leakage: null, leakageRate: null, unknown: 'incomplete' });
    expect(partial.supplyCoverage).toBeCloseTo(2 / 24, 9);
  });

  it('reflects a late batch in the figures as soon as the readings projection has caught up', async () => {
    const res = await upload(secondSubMeter.slice(15));
    expect(res.json()).toMatchObject({ accepted: 14, rejected: [] });
    await services.runner.catchUp('readings');
    const daily = (
      await admin(`/prod-api/cascade/analysis/daily?pointId=${rootId}&from=${day}&to=${day}`)
    ).json();
    expect(daily.rows[0].sales).toBeCloseTo(144, 9);
    expect(daily.rows[0].leakage).toBeCloseTo(81, 9);
    expect(daily.rows[0].leakageRate).toBeCloseTo(0.36, 9);
    expect(daily.rows[0].coverage).toBe(1);

    const balance = (
      await admin(`/prod-api/cascade/analysis/balance?pointId=${rootId}&from=${addDays(day, -1)}&to=${day}`)
    ).json().data;
    // The day before has only its last two hours: no supply, so its sales are left out of the period.
    expect(balance.supply).toBeCloseTo(225, 9);
    expect(balance.sales).toBeCloseTo(144, 9);
    expect(balance.leakage).toBeCloseTo(81, 9);
    const ranking = (await admin('/prod-api/cascade/analysis/ranking?days=30')).json();
    // The level-2 point has a sub-meter but no summary meter yet: one point ranked.
    expect(ranking).toMatchObject({ total: 1, rows: [{ pointId: rootId }] });
    // The 30 finished days hold parts of the days before and after, which have no supply: the day alone.
    expect(ranking.rows[0].leakageRate).toBeCloseTo(0.36, 9);
    // Paged as every list: a page past the last is empty and still counts the points; sizes are the list's.
    expect(
      (await admin('/prod-api/cascade/analysis/ranking?days=30&pageNum=2&pageSize=10')).json(),
    ).toMatchObject({ total: 1, rows: [] });
    const oddSize = await admin({
      url: '/prod-api/cascade/analysis/ranking?pageSize=7',
      headers: { 'accept-language': 'en' },
    });
    expect(oddSize.statusCode).toBe(400);
    expect(JSON.stringify(oddSize.json())).toContain('Invalid value');
  });

  it('leaves out of a period the sales of a day the inlet did not measure', async () => {
    // Sub-meter 9101 alone on day - 6: 72 m3 (its counter reaches 100, where its later readings start).
    const silentDay = addDays(day, -6);
    const res = await upload(
      hourlyReadings('9101', localMidnight(silentDay, ZONE), 24, () => 3).map((r) => ({
        ...r,
        total: r.total - 72,
      })),
    );
    expect(res.json()).toMatchObject({ accepted: 25, rejected: [] });
    await services.runner.catchUp('readings');
    const silent = (
      await admin(`/prod-api/cascade/analysis/daily?pointId=${rootId}&from=${silentDay}&to=${silentDay}`)
    ).json().rows[0];
    expect(silent).toMatchObject({ supply: null, leakage: null, leakageRate: null, unknown: 'gap' });
    expect(silent.sales).toBeCloseTo(72, 9);
    // Over day - 6 .. day the balance is that of the days with an inlet volume, as before.
    const balance = (
      await admin(`/prod-api/cascade/analysis/balance?pointId=${rootId}&from=${silentDay}&to=${day}`)
    ).json().data;
    expect(balance.supply).toBeCloseTo(225, 9);
    expect(balance.sales).toBeCloseTo(144, 9);
    expect(balance.leakage).toBeCloseTo(81, 9);
    const ranking = (await admin('/prod-api/cascade/analysis/ranking?days=30')).json();
    expect(ranking.rows[0].leakageRate).toBeCloseTo(0.36, 9);
  });

  it('raises each alarm over its threshold once per point, kind and day', async () => {
    const raised = await evaluateCascadeAlarms(services, DEMO_TENANT, day);
    expect(raised.map((a) => [a.pointId, a.kind]).sort()).toEqual(
      [
        [rootId, 'leakageRate'],
        [rootId, 'mnf'],
      ].sort(),
    );
    expect(await evaluateCascadeAlarms(services, DEMO_TENANT, day)).toEqual([]);
    const alarms = (await admin(`/prod-api/cascade/alarm/list?partitionId=${partitionId}`)).json();
    expect(alarms.total).toBe(2);
    const rate = alarms.rows.find((a: { kind: string }) => a.kind === 'leakageRate');
    expect(rate).toMatchObject({
      pointId: rootId,
      day,
      threshold: 0.3,
      status: 'open',
      pointName: 'North zone',
    });
    expect(rate.value).toBeCloseTo(0.36, 9);
  });

  it("gives the overview of the tenant's partitions, and another tenant none of it", async () => {
    const overview = (await admin('/prod-api/cascade/screen/overview')).json().data;
    expect(overview).toMatchObject({ partitions: 1, points: 2, levels: 2, summaryMeters: 1, subMeters: 3 });
    // The week up to yesterday (today - 1): the data holds the last two hours of day - 1, the whole day
    // (225, 144) and the first two hours of day + 1; only the whole day has figures.
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i - 4));
    expect(overview.trend.map((d: { date: string }) => d.date)).toEqual(week);
    const figures: Record<string, [number, number]> = { [day]: [225, 144] };
    for (const figure of overview.trend) {
      const [supply, sales] = figures[figure.date] ?? [null, 0];
      expect(figure).toMatchObject({ supply, sales, leakage: supply === null ? null : supply - sales });
    }
    expect(overview.yesterday).toEqual(overview.trend[6]);
    expect(overview.dayBefore).toMatchObject({
      date: addDays(day, 1),
      supply: null,
      leakage: null,
      leakageRate: null,
      unknown: 'incomplete',
    });
    // The month so far: the days of the data that fall in the current month.
    const monthStart = overview.month.from as string;
    const inMonth = Object.entries(figures).filter(([date]) => date >= monthStart);
    const monthSupply = inMonth.length > 0 ? inMonth.reduce((s, [, f]) => s + f[0], 0) : null;
    const monthSales = inMonth.reduce((s, [, f]) => s + f[1], 0);
    expect(monthStart).toBe(`${localDate(Date.now(), ZONE).slice(0, 8)}01`);
    expect(overview.month).toMatchObject({ supply: monthSupply, sales: monthSales });
    if (monthSupply !== null)
      expect(overview.month.leakageRate).toBeCloseTo((monthSupply - monthSales) / monthSupply, 9);
    expect(overview.alarmCounts).toEqual([
      { kind: 'leakageRate', count: 1 },
      { kind: 'mnf', count: 1 },
    ]);
    expect(overview.latestAlarms).toHaveLength(2);
    expect(overview.partitionFigures[0]).toMatchObject({ partitionId, name: 'North zone' });
    expect((await trial('/prod-api/cascade/screen/overview')).json().data).toMatchObject({
      partitions: 0,
      latestAlarms: [],
      ranking: [],
    });
    const hourly = (await admin(`/prod-api/cascade/analysis/hourly?pointId=${rootId}&date=${day}`)).json();
    expect(hourly.total).toBe(24);
    expect(hourly.rows.map((h: { flow: number }) => Math.round(h.flow * 1000) / 1000).slice(0, 5)).toEqual([
      10, 10, 2, 3, 10,
    ]);
    expect(hourly.rows[2]).toMatchObject({ known: true, coverage: 1, regular: true, unknown: null });
    // The day after has its first two hours; the rest is not yet known, every hour listed.
    const after = (
      await admin(`/prod-api/cascade/analysis/hourly?pointId=${rootId}&date=${addDays(day, 1)}`)
    ).json();
    expect(after.rows.map((h: { flow: number | null }) => h.flow !== null)).toEqual(
      Array.from({ length: 24 }, (_, h) => h < 2),
    );
    expect(after.rows[2]).toMatchObject({ flow: null, known: false, unknown: 'incomplete' });
  });

  it('marks an alarm processed once, for a user with the permission of its own tenant only', async () => {
    const listed = (await admin(`/prod-api/cascade/alarm/list?partitionId=${partitionId}`)).json().rows;
    const mnf = listed.find((a: { kind: string }) => a.kind === 'mnf');
    const url = `/prod-api/cascade/alarm/process/${mnf.alarmId}`;
    expect((await viewer({ method: 'PUT', url })).statusCode).toBe(403);
    const byTrial = await trial({ method: 'PUT', url, headers: { 'accept-language': 'en' } });
    expect(byTrial.json()).toMatchObject({ code: 500, msg: 'The alarm does not exist' });
    const unknown = await admin({ method: 'PUT', url: `${url},${uuidv7()}` });
    expect(unknown.json().key).toBe('error.cascade.alarmNotFound');
    const statuses = async () =>
      Object.fromEntries(
        (await admin(`/prod-api/cascade/alarm/list?partitionId=${partitionId}`))
          .json()
          .rows.map((a: { kind: string; status: string }) => [a.kind, a.status]),
      );
    expect(await statuses()).toEqual({ leakageRate: 'open', mnf: 'open' });
    expect((await admin({ method: 'PUT', url })).json().code).toBe(200);
    expect(await statuses()).toEqual({ leakageRate: 'open', mnf: 'processed' });
    // Again: nothing new in its stream.
    expect((await admin({ method: 'PUT', url })).json().code).toBe(200);
    const stream = await services.store.readStream(`cascadeAlarm-${rootId}.mnf.${day}`);
    expect(stream.map((e) => e.type)).toEqual(['CascadeAlarmRaised', 'CascadeAlarmProcessed']);
  });

  it('exports the alarms of a filter as xlsx in the reader’s language, and another tenant none of them', async () => {
    const exported = async (as: typeof admin, payload: object) => {
      const res = await as({
        method: 'POST',
        url: '/prod-api/cascade/alarm/export',
        payload,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const [header, ...rows] = await exported(admin, { partitionId, kind: 'mnf' });
    expect(header).toEqual(['Type', 'Metering point', 'Content', 'Value', 'Trend', 'Time', 'Status']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 4)).toEqual([
      'Night flow alarm',
      'North zone',
      'Night minimum flow over its threshold',
      expect.any(Number),
    ]);
    expect(rows[0]!.slice(5)).toEqual([day, 'Processed']);
    expect(await exported(admin, { partitionId })).toHaveLength(3);
    expect(await exported(trial, {})).toHaveLength(1);
  });

  it('exports the daily figures as CSV and xlsx', async () => {
    const csv = await admin({
      method: 'POST',
      url: '/prod-api/cascade/analysis/daily/export',
      payload: { pointId: rootId, from: day, to: addDays(day, 1), format: 'csv' },
      headers: { 'accept-language': 'en' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\ufeff', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Supply (m³),Sales (m³),Leakage (m³),Leakage rate,Data coverage,Summary meter coverage,Unknown because',
    );
    expect(lines[1]!.startsWith(`${day},225`)).toBe(true);
    expect(lines[1]!.endsWith(',1,')).toBe(true);
    // A day without supply says why, in the reader's language, never a 0.
    expect(lines[2]!.startsWith(`${addDays(day, 1)},,`)).toBe(true);
    expect(lines[2]!.endsWith(',not yet complete')).toBe(true);
    const xlsx = await admin({
      method: 'POST',
      url: '/prod-api/cascade/analysis/night/export',
      payload: { pointId: rootId, from: day, to: addDays(day, 1), format: 'xlsx' },
      headers: { 'accept-language': 'fr' },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Date',
      'Débit minimum nocturne (m³/h)',
      'Débit journalier moyen (m³/h)',
      'KL',
      'Débit minimum nocturne inconnu car',
      'Débit journalier moyen inconnu car',
      'Couverture de la plage nocturne',
    ]);
    // Empty cells: no figure, the reason beside it.
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      addDays(day, 1),
      undefined,
      undefined,
      undefined,
      'pas encore complet',
      'pas encore complet',
      0,
    ]);
  });

  it("answers another tenant's partition and point ids as not found and changes nothing", async () => {
    const figures = await trial(`/prod-api/cascade/analysis/daily?pointId=${rootId}&from=${day}&to=${day}`);
    expect(figures.json()).toMatchObject({ code: 500, key: 'error.cascade.pointNotFound' });
    expect((await trial(`/prod-api/cascade/partition/${partitionId}`)).json().key).toBe(
      'error.cascade.partitionNotFound',
    );
    const remove = await trial({ method: 'DELETE', url: `/prod-api/cascade/partition/${partitionId}` });
    expect(remove.json().key).toBe('error.cascade.partitionNotFound');
    const subs = await trial({
      method: 'POST',
      url: '/prod-api/cascade/point/subMeters',
      payload: { pointId: rootId, meterNos: '9200' },
    });
    expect(subs.json().key).toBe('error.cascade.pointNotFound');
    expect((await trial('/prod-api/cascade/partition/list')).json().total).toBe(0);
    expect((await trial('/prod-api/cascade/alarm/list')).json().total).toBe(0);
    expect((await admin(`/prod-api/cascade/partition/${partitionId}`)).json().data.pointCount).toBe(2);
  });

  it('refuses a role without the permission', async () => {
    const res = await viewer({
      method: 'POST',
      url: '/prod-api/cascade/partition',
      payload: { name: 'Viewer zone', ...leader, thresholds },
    });
    expect(res.statusCode).toBe(403);
    expect((await admin('/prod-api/cascade/partition/list?name=viewer')).json().total).toBe(0);
  });

  it('validates thresholds greater than 0 and required', async () => {
    const res = await admin({
      method: 'POST',
      url: '/prod-api/cascade/partition',
      payload: { name: 'Bad zone', ...leader, thresholds: { leakageRate: 0, mnf: 1 } },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    expect(text).toContain('Must be greater than 0');
    expect(text).toContain('Required');
  });

  describe('leak detection', () => {
    // An inlet of its own, 80 days: 10 m3/h by day, 2 m3/h from 01:00 to 05:00 local with a little noise
    // from night to night; a step of 1 m3/h from 15:00 of day - 10 until 15:00 of day - 5 (the repair).
    const firstDay = addDays(day, -80);
    const leakFrom = localMidnight(addDays(day, -10), ZONE) + 15 * HOUR;
    const repairAt = localMidnight(addDays(day, -5), ZONE) + 15 * HOUR;
    let leakPointId: string;
    let leakPartitionId: string;

    beforeAll(async () => {
      await meters(services, DEMO_TENANT, ['9110']);
      const created = await admin({
        method: 'POST',
        url: '/prod-api/cascade/partition',
        payload: {
          name: 'Leak zone',
          ...leader,
          thresholds: { ...thresholds, leakSensitivity: 3, leakFloor: 0.3 },
        },
      });
      ({ partitionId: leakPartitionId, pointId: leakPointId } = created.json().data);
      await admin({
        method: 'PUT',
        url: '/prod-api/cascade/point/summaryMeter',
        payload: { pointId: leakPointId, meterNo: '9110' },
      });
      const from = localMidnight(firstDay, ZONE);
      const hours = (localMidnight(day, ZONE) - from) / HOUR + 24;
      const readings = hourlyReadings('9110', from, hours, () => 0);
      let total = 100;
      for (const [i, r] of readings.entries()) {
        r.total = Math.round(total * 1000) / 1000;
        const t = from + i * HOUR;
        const h = new Date(t + 8 * HOUR).getUTCHours();
        const night = 2 + 0.04 * Math.sin(Math.floor(i / 24) * 2.3);
        total += (h >= 1 && h < 5 ? night : 10) + (t >= leakFrom && t < repairAt ? 1 : 0);
      }
      const res = await upload(readings);
      expect(res.json()).toMatchObject({ rejected: [] });
      await services.runner.catchUp('readings');
    });
    afterAll(async () => {
      await admin({ method: 'DELETE', url: `/prod-api/cascade/partition/${leakPartitionId}` });
    });

    it('shows each night against its baseline, and the step as a new leak with its size and volume lost', async () => {
      const res = await admin(
        `/prod-api/cascade/analysis/leaks?pointId=${leakPointId}&from=${addDays(day, -20)}&to=${day}`,
      );
      const { nights, leaks } = res.json().data;
      expect(nights).toHaveLength(21);
      const before = nights.find((n: { date: string }) => n.date === addDays(day, -12));
      expect(before.baseline).toBeCloseTo(2, 1);
      expect(before.margin).toBeGreaterThan(0.3 - 1e-9);
      expect(before.inLeak).toBe(false);
      expect(leaks).toHaveLength(1);
      expect(leaks[0]).toMatchObject({
        kind: 'abrupt',
        start: addDays(day, -9),
        repaired: addDays(day, -3),
      });
      expect([addDays(day, -9), addDays(day, -8)]).toContain(leaks[0].detected);
      expect(leaks[0].sizeM3h).toBeCloseTo(1, 1);
      expect(leaks[0].share).toBeCloseTo(0.5, 1);
      // Size x the days from its start to its repair.
      expect(leaks[0].volumeLostM3).toBeCloseTo(leaks[0].sizeM3h * 24 * 6, 6);
    });

    it('raises a new-leak alarm once, and closes it with the repair night', async () => {
      const early = await evaluateLeakAlarms(services, DEMO_TENANT, addDays(day, -8));
      expect(early.raised.map((a) => [a.pointId, a.kind, a.day])).toEqual([
        [leakPointId, 'newLeak', addDays(day, -9)],
      ]);
      expect(early.raised[0]!.baseline).toBeCloseTo(2, 1);
      expect(early.repaired).toEqual([]);
      const later = await evaluateLeakAlarms(services, DEMO_TENANT, day);
      expect(later.raised).toEqual([]);
      expect(later.repaired).toHaveLength(1);
      expect(await evaluateLeakAlarms(services, DEMO_TENANT, day)).toEqual({ raised: [], repaired: [] });
      const alarm = (await admin(`/prod-api/cascade/alarm/list?pointId=${leakPointId}`))
        .json()
        .rows.find((a: { kind: string }) => a.kind === 'newLeak');
      expect(alarm).toMatchObject({
        day: addDays(day, -9),
        status: 'repaired',
        repairedDay: addDays(day, -3),
      });
      expect(alarm.value).toBeCloseTo(1, 1);
    });

    it("keeps the tenant's holidays, sorted and validated, for users with the permission", async () => {
      const url = '/prod-api/cascade/holidays';
      const set = await admin({ method: 'PUT', url, payload: { holidays: ['2026-12-25', '2026-01-01'] } });
      expect(set.json().code).toBe(200);
      expect((await admin(url)).json().data).toEqual({ holidays: ['2026-01-01', '2026-12-25'] });
      // Another tenant has its own (none); a viewer may read, not set.
      expect((await trial(url)).json().data).toEqual({ holidays: [] });
      expect((await viewer({ method: 'PUT', url, payload: { holidays: [] } })).statusCode).toBe(403);
      const bad = await admin({
        method: 'PUT',
        url,
        payload: { holidays: ['2026-13-40'] },
        headers: { 'accept-language': 'en' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await admin(url)).json().data.holidays).toEqual(['2026-01-01', '2026-12-25']);
    });
  });

  it('deletes the partition with its root', async () => {
    const res = await admin({ method: 'DELETE', url: `/prod-api/cascade/partition/${partitionId}` });
    expect(res.json().code).toBe(200);
    expect((await admin(`/prod-api/cascade/partition/${partitionId}`)).json().key).toBe(
      'error.cascade.partitionNotFound',
    );
  });
});
