import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, multipartFile, startApi, TINY_PNG } from './support.ts';

const EN = { 'content-language': 'en' };
const FR = { 'content-language': 'fr' };
type As = ReturnType<typeof injectAs>;
/** The demo tenant's local midnights (Asia/Shanghai) of 10 and 11 November 2026. */
const MIDNIGHT_10 = '2026-11-09T16:00:00.000Z';
const MIDNIGHT_11 = '2026-11-10T16:00:00.000Z';

describe.each(testEngines())('manual readings on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: As;
  let viewer: As;
  let trial: As;

  const enter = (payload: object, as = admin, headers = EN) =>
    as({ method: 'POST', url: '/prod-api/readMeter/manual', payload, headers });
  const readingEvents = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type = 'ManualReadingEntered'",
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const metadata = {
      tenantId: '00000000-0000-7000-8000-000000000002',
      userId: 'seed',
      correlationId: uuidv7(),
    };
    // Read once a day: a day's counter is interpolated between daily readings.
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Walk-by meters',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 1440,
    });
    await registerMeters(services.store, metadata, [
      { meterNo: '880001', meterTypeId },
      { meterNo: '880002', meterTypeId },
    ]);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it("becomes a reading of the meter's history, latest state and daily volume, listed with who entered it", async () => {
    const photo = await admin({
      method: 'POST',
      url: '/prod-api/readMeter/manual/photo',
      ...multipartFile('dial.png', TINY_PNG, 'image/png'),
    });
    const { url } = photo.json().data;
    expect(url).toMatch(/^\/uploads\/manualReading\/[\w-]+\.png$/);
    const first = await enter({ meterNo: '880001', total: 100, readAt: MIDNIGHT_10 });
    expect(first.json()).toMatchObject({
      code: 200,
      data: { meterNo: '880001', total: 100, readAt: MIDNIGHT_10, reset: false },
    });
    const second = await enter({
      meterNo: '880001',
      total: 103.5,
      readAt: '2026-11-11T00:00:00+08:00',
      photoUrl: url,
    });
    expect(second.json().data).toMatchObject({ total: 103.5, readAt: MIDNIGHT_11, photoUrl: url });

    const history = (
      await admin('/prod-api/report/history/meter?meterNo=880001&from=2026-11-10&to=2026-11-11')
    ).json().data;
    expect(history.readings.map((r: { ts: string; total: number }) => [r.ts, r.total])).toEqual([
      [MIDNIGHT_10, 100],
      [MIDNIGHT_11, 103.5],
    ]);
    expect(history.meter).toMatchObject({ total: 103.5, lastReportAt: MIDNIGHT_11 });
    expect(history.daily.find((d: { period: string }) => d.period === '2026-11-10')).toMatchObject({
      volume: expect.closeTo(3.5, 9),
      known: true,
    });

    const list = (await viewer('/prod-api/readMeter/manual/list?meterNo=880001')).json();
    expect(list).toMatchObject({ code: 200, total: 2 });
    expect(list.rows[0]).toMatchObject({ total: 103.5, photoUrl: url, createBy: expect.any(String) });
  });

  it("counts a walk-by plan's meters read in its window, overdue once it ended with meters not read", async () => {
    const readerId = (await viewer('/prod-api/system/user/getInfo')).json().user.userId as string;
    const plan = { name: 'North walk, November', readerId, startDate: '2026-11-09', endDate: '2026-11-12' };
    const created = await admin({
      method: 'POST',
      url: '/prod-api/readMeter/walkBy',
      payload: { ...plan, meterNos: ['880001', '880002'] },
    });
    const { planId } = created.json().data;
    expect(created.json().data).toMatchObject({ meters: 2, read: 1, unread: 1, overdue: true });
    expect(created.json().data.meterList).toEqual([
      expect.objectContaining({ meterNo: '880002', read: false, readAt: null }),
      expect.objectContaining({ meterNo: '880001', read: true }),
    ]);
    // A reading entered on the plan for the meter not yet read completes it.
    await enter({ meterNo: '880002', total: 7, readAt: '2026-11-11T09:00:00+08:00', planId });
    expect((await viewer(`/prod-api/readMeter/walkBy/${planId}`)).json().data).toMatchObject({
      read: 2,
      unread: 0,
      overdue: false,
    });
    expect((await viewer('/prod-api/system/user/getInfo')).json().data.readMeters).toEqual([
      { planId, name: 'North walk, November' },
    ]);
    expect((await viewer('/prod-api/readMeter/walkBy/list?mine=true')).json()).toMatchObject({
      total: 1,
      rows: [{ planId, readerName: expect.any(String) }],
    });
    expect((await viewer(`/prod-api/readMeter/manual/list?planId=${planId}`)).json()).toMatchObject({
      total: 1,
      rows: [{ meterNo: '880002', total: 7 }],
    });

    const post = (payload: object, as = admin) =>
      as({ method: 'POST', url: '/prod-api/readMeter/walkBy', payload, headers: FR });
    const backwards = await post({ ...plan, endDate: '2026-11-09', meterNos: ['880001'] });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      field: 'endDate',
      message: 'La date de début doit précéder la date de fin',
    });
    expect((await post({ ...plan, meterNos: ['880001', '999999'] })).json().key).toBe(
      'error.readingPlan.meters',
    );
    expect((await post({ ...plan, meterNos: ['880001'] }, trial)).json().key).toBe(
      'error.readingPlan.reader',
    );
    expect((await trial(`/prod-api/readMeter/walkBy/${planId}`)).json().key).toBe(
      'error.readingPlan.notFound',
    );
    expect((await post({ ...plan, meterNos: ['880001'] }, viewer)).statusCode).toBe(403);

    expect((await admin({ method: 'DELETE', url: `/prod-api/readMeter/walkBy/${planId}` })).json().code).toBe(
      200,
    );
    expect((await admin('/prod-api/readMeter/walkBy/list')).json().total).toBe(0);
  });

  it('is refused below the last counter unless a reset, above a later one, in the future or at a time read already', async () => {
    const before = await readingEvents();
    const below = await enter({ meterNo: '880001', total: 50 }, admin, FR);
    expect(below.json()).toMatchObject({ code: 500, key: 'error.manualReading.belowLast' });
    expect(below.json().msg).toContain('103.5 m³');
    const between = await enter({ meterNo: '880001', total: 104, readAt: '2026-11-10T04:00:00Z' });
    expect(between.json().key).toBe('error.manualReading.aboveNext');
    const future = await enter({
      meterNo: '880001',
      total: 200,
      readAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.json().key).toBe('error.manualReading.future');
    const again = await enter({ meterNo: '880001', total: 103.5, readAt: MIDNIGHT_11 });
    expect(again.json().key).toBe('error.manualReading.duplicate');
    expect(await readingEvents()).toBe(before);

    const reset = await enter({ meterNo: '880001', total: 2, reset: true });
    expect(reset.json().data).toMatchObject({ total: 2, reset: true });
    expect(await readingEvents()).toBe(before + 1);
  });

  it('answers bad input with field errors, and keeps other tenants and readers without the permission out', async () => {
    const before = await readingEvents();
    const bad = await enter({ meterNo: '880001', total: -1, readAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['total', 'readAt']),
    );
    // Another tenant's meter is as unknown as a meter that does not exist.
    expect((await enter({ meterNo: '880001', total: 500 }, trial)).json().key).toBe(
      'error.manualReading.meterUnknown',
    );
    expect((await trial('/prod-api/readMeter/manual/list')).json()).toMatchObject({ total: 0 });
    expect((await enter({ meterNo: '880001', total: 500 }, viewer)).statusCode).toBe(403);
    expect(await readingEvents()).toBe(before);
  });

  it('imports a file of readings row by row, each checked as one entered by hand, answering the rows refused', async () => {
    const csv = [
      'meterNo,time,value',
      '880002,2026-11-12T09:00:00+08:00,9.25',
      '880002,2026-11-13T09:00:00+08:00,8',
      '999999,2026-11-12T09:00:00+08:00,1',
      '880002,tomorrow,5',
    ].join('\n');
    const file = multipartFile('round.csv', Buffer.from(csv), 'text/csv');
    const answer = await admin({
      method: 'POST',
      url: '/prod-api/readMeter/manual/import',
      payload: file.payload,
      headers: { ...file.headers, ...EN },
    });
    expect(answer.json().data).toMatchObject({ imported: 1 });
    expect(
      answer.json().data.errors.map((e: { row: number; message: string }) => [e.row, e.message]),
    ).toEqual([
      [3, expect.stringContaining('below the last reading')],
      [4, 'The meter does not exist'],
      [5, expect.any(String)],
    ]);
    const history = (
      await admin('/prod-api/report/history/meter?meterNo=880002&from=2026-11-12&to=2026-11-12')
    ).json();
    expect(history.data.readings.map((r: { total: number }) => r.total)).toEqual([9.25]);
    expect(
      (
        await viewer({
          method: 'POST',
          url: '/prod-api/readMeter/manual/import',
          ...multipartFile('round.csv', Buffer.from(csv), 'text/csv'),
        })
      ).statusCode,
    ).toBe(403);
  });
});
