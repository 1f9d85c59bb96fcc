import { localMidnight } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { type ReadingImportView, uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, multipartFile, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
const ZONE = 'Asia/Shanghai'; // the demo tenant's
const HOUR = 3_600_000;
const EN = { 'accept-language': 'en' };
/** Seven years ago: far beyond the gateways' 400-day horizon. */
const DAY = '2019-06-10';

async function meters(services: Services, tenantId: string, meterNos: string[], reportIntervalMinutes = 60) {
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: `History ${uuidv7().slice(-8)}`,
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes,
  });
  await registerMeters(
    services.store,
    metadata,
    meterNos.map((meterNo) => ({ meterNo, meterTypeId })),
  );
}

/** The local hour h of DAY (Shanghai, UTC+8) as ISO 8601 with its offset. */
const local = (h: number) => {
  const t = localMidnight(DAY, ZONE) + h * HOUR;
  return `${new Date(t + 8 * HOUR).toISOString().slice(0, 19)}+08:00`;
};

describe.each(testEngines())('historical readings import on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    await meters(services, DEMO_TENANT, ['8801', '8802', '8803', '8804']);
    await meters(services, TRIAL_TENANT, ['8899']);
    await services.runner.catchUp('readings');
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const send = (fileName: string, content: Buffer, query = '', as = admin) => {
    const body = multipartFile(fileName, content, 'application/octet-stream');
    return as({
      method: 'POST',
      url: `/prod-api/report/history/import${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...EN },
    });
  };

  /** Sends a file and follows the import until it ends; answers its last view. */
  async function importFile(fileName: string, content: Buffer, query = ''): Promise<ReadingImportView> {
    const started = await send(fileName, content, query);
    expect(started.json().code, started.body).toBe(200);
    const url = `/prod-api/report/history/import/${started.json().data.importId}`;
    for (;;) {
      const view = (await admin({ url, headers: EN })).json().data as ReadingImportView;
      if (view.status === 'done' || view.status === 'failed') return view;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const daily = (meterNo: string, from: string, to: string) =>
    admin(`/prod-api/report/history/meter?meterNo=${meterNo}&from=${from}&to=${to}`).then(
      (r) => r.json().data.daily,
    );

  it('loads counters from CSV beyond the ingest horizon, refusing bad rows with the reason, each once', async () => {
    const lines = [
      'Meter number,Time,Counter (m3)',
      // 8801: every hour of the day and the next midnight, 2 m3 an hour; one row twice.
      ...Array.from({ length: 26 }, (_, h) => `8801,${local(h - 1)},${100 + 2 * (h - 1)}`),
      `8801,${local(3)},106`,
      // Refused: another tenant's meter, no offset, a negative counter, the future, a bad meter number.
      `8899,${local(1)},5`,
      `8802,2019-06-10 01:00:00,5`,
      `8802,${local(2)},-1`,
      `8802,2099-01-01T00:00:00Z,5`,
      `88-02,${local(2)},5`,
      // Quoted fields, a space for the T and an offset without its colon.
      `"8803","${DAY} 00:00:00+0800","7.5"`,
    ];
    const view = await importFile('history.csv', Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`));
    expect(view).toMatchObject({
      status: 'done',
      form: 'counter',
      fileName: 'history.csv',
      rows: 33,
      readings: 27,
      stored: 27,
      duplicates: 1,
      errorCount: 5,
      meterNos: ['8801', '8803'],
      message: null,
    });
    expect(view.errors.map((e) => [e.row, e.meterNo, e.message])).toEqual([
      [29, '8899', 'No meter has this number'],
      [30, '8802', 'Write the time with its offset, such as 2026-11-01T08:00:00+08:00'],
      [31, '8802', 'Give a number of cubic metres of at least 0'],
      [32, '8802', 'The time is in the future'],
      [33, '88-02', 'The meter number must be digits only (at most 32)'],
    ]);
    // Nothing for the other tenant's meter, whatever the file said.
    expect(
      (await trial(`/prod-api/report/history/meter?meterNo=8899&from=${DAY}&to=${DAY}`)).json().data.readings,
    ).toEqual([]);
    await services.runner.catchUp('readings');
    const done = (await admin(`/prod-api/report/history/import/${view.importId}`)).json().data;
    expect(done.figures).toBe(1);
    expect(await daily('8801', DAY, DAY)).toMatchObject([
      { period: DAY, volume: 48, known: true, coverage: 1 },
    ]);

    // The same file again: every reading is a duplicate and nothing is appended.
    const events = await eventCount();
    const again = await importFile('history.csv', Buffer.from(lines.join('\n')));
    expect(again).toMatchObject({ status: 'done', readings: 0, stored: 0, duplicates: 28, errorCount: 5 });
    expect(await eventCount()).toBe(events);
  });

  async function eventCount() {
    const { rows } = await services.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM es.events WHERE type = 'ReadingsImported'",
    );
    return rows[0]!.n;
  }

  it('turns volumes per interval into a counter from xlsx, leaving the hours never recorded unknown', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('history');
    sheet.addRow(['Meter', 'Time', 'Volume (m3)']);
    // 8804: 3 m3 in each hour of the day, except the hour ending 05:00, never recorded. One row is a date
    // cell (a wall-clock time, read in the tenant's zone).
    for (let h = 1; h <= 24; h++) {
      if (h === 5) continue;
      sheet.addRow(['8804', h === 7 ? new Date(Date.parse(`${DAY}T07:00:00Z`)) : local(h), 3]);
    }
    // An interval overlapping the one before it.
    sheet.addRow(['8804', local(24).replace(':00:00+', ':30:00+'), 1]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const view = await importFile('volumes.xlsx', content, '?form=volume&intervalMinutes=60');
    expect(view).toMatchObject({
      status: 'done',
      form: 'volume',
      rows: 24,
      errorCount: 1,
      meterNos: ['8804'],
    });
    expect(view.errors).toEqual([
      { row: 25, meterNo: '8804', message: "Its interval overlaps the previous row's" },
    ]);
    // Two runs: 00:00-04:00 and 05:00-24:00, each with its first and every later reading.
    expect(view.readings).toBe(5 + 20);
    await services.runner.catchUp('readings');
    const history = (await admin(`/prod-api/report/history/meter?meterNo=8804&from=${DAY}&to=${DAY}`)).json()
      .data;
    const hours = history.hourly.map((h: { volume: number | null }) => h.volume);
    expect(hours).toEqual(Array.from({ length: 24 }, (_, h) => (h === 4 ? null : 3)));
    // The counter is continuous at neither end of the missing hour: the day has no volume, and its
    // measured part is 23 hours.
    expect(history.daily).toMatchObject([{ period: DAY, volume: null, known: false, unknown: 'gap' }]);
    expect(history.daily[0].coverage).toBeCloseTo(23 / 24, 9);
  });

  it('refuses a run of volumes over readings the meter already has, and keeps its other runs', async () => {
    // 8802 already has a reading at 10:00 (from a gateway, say): the run over it is refused.
    await importFile('counter.csv', Buffer.from(`m,t,v\n8802,${local(10)},50\n`));
    await services.runner.catchUp('readings');
    const lines = ['m,t,v', `8802,${local(9)},1`, `8802,${local(11)},1`, `8802,${local(12)},1`];
    const view = await importFile('volumes.csv', Buffer.from(lines.join('\n')), '?form=volume');
    expect(view.errors.map((e) => [e.row, e.message])).toEqual([
      [3, 'The meter already has other readings in this period'],
      [4, 'The meter already has other readings in this period'],
    ]);
    expect(view).toMatchObject({ readings: 2, stored: 2 });
  });

  it('answers bad files, bad options and other tenants clearly, changing nothing', async () => {
    const events = await eventCount();
    const key = async (response: Promise<{ json(): { key?: string; msg: string } }>) =>
      (await response).json();
    expect(await key(send('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])))).toMatchObject({
      key: 'error.readingImport.file',
      msg: 'Upload a CSV, xls or xlsx file',
    });
    expect(await key(send('big.csv', Buffer.alloc(51 * 1024 * 1024, 'a')))).toMatchObject({
      key: 'error.readingImport.size',
      msg: 'The file must not exceed 50 MB',
    });
    const none = await admin({ method: 'POST', url: '/prod-api/report/history/import', payload: {} });
    expect(none.json().key).toBe('error.upload.missing');
    const badOption = await send('h.csv', Buffer.from('a,b,c\n'), '?intervalMinutes=0');
    expect(badOption.statusCode).toBe(400);
    expect((await send('h.csv', Buffer.from('a,b,c\n'), '', viewer)).statusCode).toBe(403);
    expect(await eventCount()).toBe(events);

    // An import is its tenant's alone.
    const started = (await send('h.csv', Buffer.from(`m,t,v\n8803,${local(5)},9\n`))).json().data.importId;
    const theirs = await trial({ url: `/prod-api/report/history/import/${started}`, headers: EN });
    expect(theirs.json()).toMatchObject({ code: 500, msg: 'The import does not exist' });
    expect((await admin(`/prod-api/report/history/import/${uuidv7()}`)).json().key).toBe(
      'error.readingImport.notFound',
    );
  });

  it('gives a template in the caller language, for counters or volumes', async () => {
    for (const [form, header] of [
      ['counter', 'Counter (m³)'],
      ['volume', 'Volume in the interval (m³)'],
    ]) {
      const res = await admin({
        method: 'POST',
        url: `/prod-api/report/history/import/template?form=${form}`,
        headers: EN,
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const values = workbook.worksheets[0]!.getRow(1).values as unknown[];
      expect(values.slice(1)).toEqual(['Meter number', 'Time (ISO 8601 with its offset)', header]);
    }
  });
});
