import { readFileSync } from 'node:fs';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { addGateway, encryptPassword, injectAs, login, signInTenantUsers, startApi } from './support.ts';

type Inject = ReturnType<typeof injectAs>;

const typeBody = {
  name: 'NB-IoT DN15',
  billingMode: 'prepaid',
  valveControl: true,
  communication: 'nbiot',
  cardKind: 'ic',
  reportIntervalMinutes: 60,
};

/** An xlsx workbook of one sheet (header row first), as a browser would upload it. */
async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('meters');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(field: string, filename: string, content: Buffer) {
  const boundary = '----hydrolog-meters';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-language': 'en' },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(testEngines())('meter types and meters on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: Inject;
  let viewer: Inject;
  let trial: Inject;
  let gatewayKey: string;

  /** Events of the meter registry (refused commands still add an operation-log event). */
  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type LIKE 'Meter%' AND type NOT LIKE 'MeterCommand%'",
      )
    ).rows[0]!.n;
  const addType = (as: Inject, payload: object) =>
    as({ method: 'POST', url: '/prod-api/business/meterType', payload });
  const addMeter = (as: Inject, payload: object) =>
    as({ method: 'POST', url: '/prod-api/business/meter', payload });
  const listMeters = async (as: Inject, query = '') =>
    (await as(`/prod-api/business/meter/list?${query}`)).json();

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    ({ admin, viewer, trial } = await signInTenantUsers(app));
    gatewayKey = await addGateway(admin, 'Meter test gateway');
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('creates, lists, edits and deletes a meter type; a used one stays', async () => {
    const created = (await addType(admin, typeBody)).json();
    expect(created.code).toBe(200);
    const type = created.data;
    expect(type).toMatchObject({ ...typeBody, meterCount: 0, version: 0 });
    expect((await addType(admin, { ...typeBody, name: 'nb-iot dn15' })).json().key).toBe(
      'error.meterType.exists',
    );

    const list = (await admin('/prod-api/business/meterType/list?name=dn15&communication=nbiot')).json();
    expect(list).toMatchObject({ code: 200, total: 1 });
    expect(list.rows[0].meterTypeId).toBe(type.meterTypeId);

    const edit = (version: number, name: string) =>
      admin({
        method: 'PUT',
        url: '/prod-api/business/meterType',
        payload: { ...typeBody, name, meterTypeId: type.meterTypeId, version },
      });
    const edited = (await edit(0, 'NB-IoT DN15 v2')).json();
    expect(edited.data).toMatchObject({ name: 'NB-IoT DN15 v2', version: 1 });
    expect((await edit(0, 'Stale')).json().key).toBe('error.staleVersion');

    await addMeter(admin, { meterNo: '3000001', meterTypeId: type.meterTypeId });
    const refused = await admin({
      method: 'DELETE',
      url: `/prod-api/business/meterType/${type.meterTypeId}`,
    });
    expect(refused.json()).toMatchObject({ key: 'error.meterType.inUse' });
    expect(refused.json().msg).toBe('This meter type is used by 1 meter and cannot be deleted');

    const spare = (await addType(admin, { ...typeBody, name: 'Spare type' })).json().data;
    expect(
      (await admin({ method: 'DELETE', url: `/prod-api/business/meterType/${spare.meterTypeId}` })).json()
        .code,
    ).toBe(200);
    expect((await admin(`/prod-api/business/meterType/${spare.meterTypeId}`)).json().key).toBe(
      'error.meterType.notFound',
    );
    // The name is free again.
    expect((await addType(admin, { ...typeBody, name: 'Spare type' })).json().code).toBe(200);
  });

  it('refuses bad bodies with field errors in the caller language, and writes nothing', async () => {
    const before = await eventCount();
    const bad = await admin({
      method: 'POST',
      url: '/prod-api/business/meterType',
      headers: { 'content-language': 'fr' },
      payload: { ...typeBody, name: '', communication: 'pigeon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['communication', 'name']);
    const types = (await admin('/prod-api/business/meterType/optionselect')).json().data;
    const badMeter = await addMeter(admin, {
      meterNo: '12a',
      meterTypeId: types[0].meterTypeId,
      imei: '123',
      sim: 'short',
      peaks: [{ enabled: true, start: '07:00', end: '07:00' }],
    });
    expect(badMeter.statusCode).toBe(400);
    expect(
      Object.fromEntries(
        badMeter.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      ),
    ).toEqual({
      meterNo: 'The meter number must be digits only (at most 32)',
      imei: 'The IMEI must be 15 digits',
      sim: 'The SIM number must be 20 digits or letters',
      'peaks.0.end': 'A peak period cannot start and end at the same time',
    });
    expect(await eventCount()).toBe(before);
  });

  it('registers a meter with every field, refuses a number taken, edits it with its version', async () => {
    const type = (
      await addType(admin, { ...typeBody, name: 'LoRaWAN DN20', communication: 'lorawan' })
    ).json().data;
    const body = {
      meterNo: '3000100',
      meterTypeId: type.meterTypeId,
      imei: '860000000000100',
      sim: '8986ABCDEF0123456789',
      key: 'secret-key',
      initialReading: 1.5,
      mechanicalReading: 1.25,
      zeroWaterThreshold: 72,
      peaks: [
        { enabled: true, start: '06:00', end: '09:00', zeroWaterThreshold: 2 },
        { enabled: false, start: '18:00', end: '21:00' },
      ],
      storageDate: '2026-10-01',
      dataSource: 'gateway',
      lng: 120.11,
      lat: 30.27,
    };
    const meter = (await addMeter(admin, body)).json().data;
    const { key: _, ...shown } = body;
    expect(meter).toMatchObject({ ...shown, hasKey: true, link: 'offline', lastReading: null, version: 0 });
    expect(meter).not.toHaveProperty('key');
    expect((await addMeter(admin, body)).json().key).toBe('error.meter.exists');

    const change = (version: number) =>
      admin({
        method: 'PUT',
        url: '/prod-api/business/meter',
        payload: { meterId: meter.meterId, version, meterTypeId: type.meterTypeId, initialReading: 2 },
      });
    const changed = (await change(0)).json().data;
    expect(changed).toMatchObject({
      meterNo: '3000100',
      initialReading: 2,
      imei: null,
      hasKey: true,
      peaks: [],
      version: 1,
    });
    expect((await change(0)).json().key).toBe('error.staleVersion');
    expect((await admin(`/prod-api/business/meter/${meter.meterId}`)).json().data.version).toBe(1);
  });

  it('lists meters with the latest reading and communication state from ingest; a meter that reported stays', async () => {
    const type = (
      await addType(admin, { ...typeBody, name: 'Hourly type', reportIntervalMinutes: 120 })
    ).json().data;
    const reporting = (await addMeter(admin, { meterNo: '3000200', meterTypeId: type.meterTypeId })).json()
      .data;
    const silent = (await addMeter(admin, { meterNo: '3000201', meterTypeId: type.meterTypeId })).json().data;
    const upload = await app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
      payload: {
        batchId: uuidv7(),
        readings: [
          {
            meterNo: '3000200',
            ts: new Date(Date.now() - 30 * 60_000).toISOString(),
            total: 42.5,
            battery: 3.6,
            signal: -71,
            valve: 'open',
          },
        ],
      },
    });
    expect(upload.json()).toMatchObject({ accepted: 1 });
    await services.runner.catchUp('readings');

    const online = await listMeters(admin, `meterTypeId=${type.meterTypeId}&link=online`);
    expect(online.total).toBe(1);
    expect(online.rows[0]).toMatchObject({
      meterId: reporting.meterId,
      lastReading: 42.5,
      battery: 3.6,
      signal: -71,
      valve: 'open',
      link: 'online',
    });
    const offline = await listMeters(admin, `meterTypeId=${type.meterTypeId}&link=offline`);
    expect(offline.rows.map((r: { meterId: string }) => r.meterId)).toEqual([silent.meterId]);
    expect((await listMeters(admin, 'meterNo=300020&valve=open')).total).toBe(1);

    const refused = await admin({
      method: 'DELETE',
      url: `/prod-api/business/meter/${silent.meterId},${reporting.meterId}`,
    });
    expect(refused.json().key).toBe('error.meter.hasReadings');
    // All in one transaction: the silent meter of the same request is still there.
    expect((await admin(`/prod-api/business/meter/${silent.meterId}`)).json().code).toBe(200);
    expect(
      (await admin({ method: 'DELETE', url: `/prod-api/business/meter/${silent.meterId}` })).json().code,
    ).toBe(200);
    expect((await admin(`/prod-api/business/meter/${silent.meterId}`)).json().key).toBe(
      'error.meter.notFound',
    );
  });

  it('exports the current filter as xlsx', async () => {
    const res = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/export',
      payload: { meterNo: '30002' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Meter number');
    expect(sheet.getColumn(1).values.slice(2)).toEqual(['3000200']);
    const types = await admin({
      method: 'POST',
      url: '/prod-api/business/meterType/export',
      payload: { name: 'hourly' },
    });
    await book.xlsx.load(types.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getColumn(1).values.slice(2)).toEqual(['Hourly type']);
  });

  it('imports the good rows of a file in one append and reports each bad row with its number and reason', async () => {
    const template = await admin({ method: 'POST', url: '/prod-api/business/meter/importTemplate' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['Meter number', 'Meter type', 'IMEI']);

    const typeName = 'Hourly type';
    const file = await workbook([
      header.slice(1) as string[],
      ['3100001', typeName, '860000000000001', '8986ABCDEF0123456789'],
      ['3100002', typeName, '86000000000', null], // row 3: bad IMEI
      ['3100003', 'No such type'], // row 4
      ['3000200', typeName], // row 5: already registered
      ['3100001', typeName], // row 6: repeated in the file
      ['3100004', typeName.toUpperCase(), null, null, null, 5, 4.5, 24, '2026-09-30', 'walkBy', 120.1, 30.2],
    ]);
    const before = await eventCount();
    const res = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/import',
      ...multipart('file', 'm.xlsx', file),
    });
    expect(res.json().data).toEqual({
      imported: 2,
      failures: [
        { row: 3, meterNo: '3100002', reason: 'IMEI: The IMEI must be 15 digits' },
        { row: 4, meterNo: '3100003', reason: 'Unknown meter type: No such type' },
        { row: 5, meterNo: '3000200', reason: 'The meter number already exists' },
        { row: 6, meterNo: '3100001', reason: 'The meter number is repeated in the file (row 2)' },
      ],
    });
    // Two meters, one event each.
    expect(await eventCount()).toBe(before + 2);
    const imported = await listMeters(admin, 'meterNo=31000');
    expect(imported.rows.map((r: { meterNo: string }) => r.meterNo)).toEqual(['3100001', '3100004']);
    expect(imported.rows[1]).toMatchObject({
      initialReading: 5,
      mechanicalReading: 4.5,
      storageDate: '2026-09-30',
      dataSource: 'walkBy',
    });

    // A legacy .xls (fixtures/make-xls.py) is read the same way: a good row, a bad IMEI on row 3.
    const old = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/import',
      ...multipart('file', 'm.xls', readFileSync(new URL('fixtures/meters.xls', import.meta.url))),
    });
    expect(old.json().data).toEqual({
      imported: 1,
      failures: [{ row: 3, meterNo: '3300002', reason: 'IMEI: The IMEI must be 15 digits' }],
    });
    const damaged = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(100)]);
    const broken = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/import',
      ...multipart('file', 'm.xls', damaged),
    });
    expect(broken.json().key).toBe('error.meterImport.file');
    const text = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/import',
      ...multipart('file', 'm.xlsx', Buffer.from('meterNo\n1')),
    });
    expect(text.json().key).toBe('error.meterImport.file');
    const empty = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/import',
      ...multipart('file', 'm.xlsx', await workbook([['header']])),
    });
    expect(empty.json().key).toBe('error.meterImport.empty');
  });

  it('refuses a role without the permission', async () => {
    const types = (await viewer('/prod-api/business/meterType/optionselect')).json().data;
    expect((await listMeters(viewer)).code).toBe(200);
    const before = await eventCount();
    const attempts = [
      addType(viewer, { ...typeBody, name: 'Viewer type' }),
      addMeter(viewer, { meterNo: '3200001', meterTypeId: types[0].meterTypeId }),
      viewer({ method: 'DELETE', url: `/prod-api/business/meterType/${types[0].meterTypeId}` }),
      viewer({
        method: 'POST',
        url: '/prod-api/business/meter/import',
        ...multipart('file', 'm.xlsx', Buffer.from('x')),
      }),
      viewer({ method: 'POST', url: '/prod-api/business/meter/importTemplate' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.json().code).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('keeps groups of meters: unique names, add and remove meters, list, export, delete', async () => {
    const addGroup = (payload: object) => admin({ method: 'POST', url: '/prod-api/business/group', payload });
    const group = (await addGroup({ name: 'North walk', remark: 'Tuesdays' })).json().data;
    expect(group).toMatchObject({ name: 'North walk', meterCount: 0, version: 0 });
    expect((await addGroup({ name: 'NORTH WALK' })).json().key).toBe('error.group.exists');
    expect((await addGroup({ name: '' })).statusCode).toBe(400);

    const addMeters = (meterNos: string[]) =>
      admin({
        method: 'POST',
        url: `/prod-api/business/group/${group.groupId}/meters`,
        payload: { meterNos },
      });
    const unknown = await addMeters(['3000100', '999999']);
    expect(unknown.json()).toMatchObject({ key: 'error.group.unknownMeters' });
    expect(unknown.json().msg).toBe('These meter numbers do not exist: 999999');
    expect((await addMeters(['3000100', '3000200', '3000100'])).json().data.meterCount).toBe(2);
    expect((await addMeters(['3000100'])).json().data.meterCount).toBe(2);
    const members = (await admin(`/prod-api/business/group/${group.groupId}/meters?pageSize=10`)).json();
    expect(members.rows.map((m: { meterNo: string }) => m.meterNo)).toEqual(['3000100', '3000200']);

    const first = members.rows[0].meterId;
    const removed = await admin({
      method: 'DELETE',
      url: `/prod-api/business/group/${group.groupId}/meters/${first}`,
    });
    expect(removed.json().data.meterCount).toBe(1);
    const again = await admin({
      method: 'DELETE',
      url: `/prod-api/business/group/${group.groupId}/meters/${first}`,
    });
    expect(again.json().key).toBe('error.group.notMember');

    const rename = (version: number) =>
      admin({
        method: 'PUT',
        url: '/prod-api/business/group',
        payload: { groupId: group.groupId, name: 'North', version },
      });
    const renamed = (await rename(0)).json();
    expect(renamed.key).toBe('error.staleVersion');
    const current = (await admin(`/prod-api/business/group/${group.groupId}`)).json().data;
    expect((await rename(current.version)).json().data.name).toBe('North');

    const listed = (await admin('/prod-api/business/group/list?name=nor')).json();
    expect(listed).toMatchObject({ total: 1, rows: [{ name: 'North', meterCount: 1 }] });
    const file = await admin({ method: 'POST', url: '/prod-api/business/group/export', payload: {} });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getColumn(1).values.slice(1)).toEqual(['Group name', 'North']);

    // Another tenant and a role without the permission change nothing.
    expect((await trial(`/prod-api/business/group/${group.groupId}`)).json().key).toBe(
      'error.group.notFound',
    );
    const trialAdd = await trial({
      method: 'POST',
      url: `/prod-api/business/group/${group.groupId}/meters`,
      payload: { meterNos: ['3000100'] },
    });
    expect(trialAdd.json().key).toBe('error.group.notFound');
    expect(
      (await trial({ method: 'DELETE', url: `/prod-api/business/group/${group.groupId}` })).json().key,
    ).toBe('error.group.notFound');
    expect(
      (await viewer({ method: 'DELETE', url: `/prod-api/business/group/${group.groupId}` })).json().code,
    ).toBe(403);
    expect((await admin(`/prod-api/business/group/${group.groupId}`)).json().data.meterCount).toBe(1);

    expect(
      (await admin({ method: 'DELETE', url: `/prod-api/business/group/${group.groupId}` })).json().code,
    ).toBe(200);
    expect((await admin(`/prod-api/business/group/${group.groupId}`)).json().key).toBe(
      'error.group.notFound',
    );
    expect((await addGroup({ name: 'North' })).json().code).toBe(200);
  });

  it('operates valves in batches: checked whole first, sending until the gateway answers, listed live', async () => {
    const noValve = (await addType(admin, { ...typeBody, name: 'Bulk no valve', valveControl: false })).json()
      .data;
    const bulk = (await addMeter(admin, { meterNo: '3400001', meterTypeId: noValve.meterTypeId })).json()
      .data;
    const reporting = (await listMeters(admin, 'meterNo=3000200')).rows[0];
    const other = (await listMeters(admin, 'meterNo=3000100')).rows[0];
    const commands = async () =>
      (
        await services.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM es.events WHERE type = 'MeterCommandIssued'",
        )
      ).rows[0]!.n;
    const before = await commands();
    const close = (as: Inject, meterIds: string[]) =>
      as({ method: 'POST', url: '/prod-api/business/valve/close', payload: { meterIds } });
    expect((await close(admin, [reporting.meterId, bulk.meterId])).json().key).toBe('error.meter.noValve');
    expect((await close(trial, [reporting.meterId])).json().key).toBe('error.meter.notFound');
    expect((await close(viewer, [reporting.meterId])).json().code).toBe(403);
    expect(await commands()).toBe(before);

    const issued = (await close(admin, [reporting.meterId, other.meterId])).json().data.commandIds;
    expect(issued).toHaveLength(2);
    const valves = (await admin('/prod-api/business/valve/meters?meterNo=300&pending=1')).json();
    expect(
      valves.rows.map((r: { meterNo: string; commandStatus: string; commandKind: string }) => [
        r.meterNo,
        r.commandKind,
        r.commandStatus,
      ]),
    ).toEqual([
      ['3000100', 'valveClose', 'sending'],
      ['3000200', 'valveClose', 'sending'],
    ]);
    // Only valve-capable meters are listed.
    expect((await admin('/prod-api/business/valve/meters?meterNo=3400001')).json().total).toBe(0);
    expect((await trial('/prod-api/business/valve/meters')).json().total).toBe(0);

    const gateway = { authorization: `Bearer ${gatewayKey}` };
    const taken = (await app.inject({ url: '/ingest/v1/commands?wait=0', headers: gateway })).json().commands;
    expect(taken.map((c: { meterNo: string }) => c.meterNo)).toEqual(['3000200']);
    const ack = await app.inject({
      method: 'POST',
      url: `/ingest/v1/commands/${taken[0].commandId}/ack`,
      headers: { ...gateway, 'content-type': 'application/json' },
      payload: { status: 'success' },
    });
    expect(ack.statusCode).toBeLessThan(300);
    const after = (await admin('/prod-api/business/valve/meters?meterNo=300'))
      .json()
      .rows.filter((r: { commandStatus: string | null }) => r.commandStatus !== null);
    expect(
      after.map((r: { meterNo: string; commandStatus: string }) => [r.meterNo, r.commandStatus]),
    ).toEqual([
      ['3000100', 'sending'],
      ['3000200', 'success'],
    ]);

    // Key update records.
    const sent = await admin({
      method: 'POST',
      url: '/prod-api/business/keyUpdate/send',
      payload: { meterId: bulk.meterId, key: 'new-key-1' },
    });
    expect(sent.json().code).toBe(200);
    const records = (await admin('/prod-api/business/keyUpdate/list?meterNo=3400001')).json();
    expect(records.rows).toHaveLength(1);
    expect(records.rows[0]).toMatchObject({ meterNo: '3400001', status: 'executing', attempts: 0 });
    expect(records.rows[0]).not.toHaveProperty('key');
    const keyMeters = (await admin('/prod-api/business/keyUpdate/meters?meterNo=3400001')).json().rows;
    expect(keyMeters[0]).toMatchObject({ commandKind: 'keyUpdate', commandStatus: 'executing' });
    expect((await trial('/prod-api/business/keyUpdate/list')).json().total).toBe(0);

    // One meter's commands (its history), of both kinds, newest first; nothing of it for another tenant.
    const own = (await admin(`/prod-api/business/valve/list?meterId=${bulk.meterId}`)).json();
    expect(own.rows.map((r: { meterNo: string; kind: string }) => [r.meterNo, r.kind])).toEqual([
      ['3400001', 'keyUpdate'],
    ]);
    expect(own.rows[0]).not.toHaveProperty('key');
    const closed = (await admin(`/prod-api/business/valve/list?meterId=${other.meterId}`)).json();
    expect(closed).toMatchObject({ total: 1, rows: [{ meterNo: '3000100', kind: 'valveClose' }] });
    expect((await trial(`/prod-api/business/valve/list?meterId=${other.meterId}`)).json().total).toBe(0);
  });

  it("answers not found for another tenant's ids and changes nothing", async () => {
    const { rows } = (await admin('/prod-api/business/meter/list?meterNo=3000100')).json();
    const meter = rows[0];
    const typeId = meter.meterTypeId;
    const before = await eventCount();
    expect((await trial(`/prod-api/business/meter/${meter.meterId}`)).json().key).toBe(
      'error.meter.notFound',
    );
    expect((await trial(`/prod-api/business/meterType/${typeId}`)).json().key).toBe(
      'error.meterType.notFound',
    );
    expect((await listMeters(trial)).total).toBe(0);
    const attempts = {
      'error.meter.notFound': [
        trial({
          method: 'PUT',
          url: '/prod-api/business/meter',
          payload: { meterId: meter.meterId, version: meter.version, meterTypeId: typeId, initialReading: 9 },
        }),
        trial({ method: 'DELETE', url: `/prod-api/business/meter/${meter.meterId}` }),
      ],
      'error.meterType.notFound': [
        trial({
          method: 'PUT',
          url: '/prod-api/business/meterType',
          payload: { ...typeBody, name: 'Taken over', meterTypeId: typeId, version: 0 },
        }),
        trial({ method: 'DELETE', url: `/prod-api/business/meterType/${typeId}` }),
        addMeter(trial, { meterNo: '3300001', meterTypeId: typeId }),
      ],
    };
    for (const [key, requests] of Object.entries(attempts))
      for (const res of await Promise.all(requests)) expect(res.json().key).toBe(key);
    // The trial tenant's import cannot use the other tenant's type either.
    const file = await workbook([['no'], ['3300002', 'LoRaWAN DN20']]);
    const imported = await trial({
      method: 'POST',
      url: '/prod-api/business/meter/import',
      ...multipart('file', 'm.xlsx', file),
    });
    expect(imported.json().data).toEqual({
      imported: 0,
      failures: [{ row: 2, meterNo: '3300002', reason: 'Unknown meter type: LoRaWAN DN20' }],
    });
    expect((await admin(`/prod-api/business/meter/${meter.meterId}`)).json().data).toEqual(meter);
    expect(await eventCount()).toBe(before);
  });

  it('sorts lists by a listed column both ways, nulls last, the export too, within the tenant', async () => {
    const typeB = (await addType(admin, { ...typeBody, name: 'Sort DN20 B' })).json().data;
    const typeA = (await addType(admin, { ...typeBody, name: 'sort DN20 a' })).json().data;
    const meters = [
      { meterNo: '3600001', meterTypeId: typeB.meterTypeId, imei: '860000000000003' },
      { meterNo: '3600002', meterTypeId: typeA.meterTypeId, imei: '860000000000001' },
      { meterNo: '3600003', meterTypeId: typeB.meterTypeId },
    ];
    for (const meter of meters) expect((await addMeter(admin, meter)).json().code).toBe(200);
    // The other tenant's meter would come first by number and by IMEI.
    const trialType = (await addType(trial, { ...typeBody, name: 'Sort DN20 a' })).json().data;
    const trialMeter = { meterNo: '3600000', meterTypeId: trialType.meterTypeId, imei: '860000000000000' };
    expect((await addMeter(trial, trialMeter)).json().code).toBe(200);

    const meterNos = async (url: string, as = admin) =>
      (await as(url)).json().rows.map((r: { meterNo: string }) => r.meterNo);
    const listed = (query: string, as = admin) =>
      meterNos(`/prod-api/business/meter/list?meterNo=36000&${query}`, as);
    expect(await listed('orderByColumn=imei&isAsc=ascending')).toEqual(['3600002', '3600001', '3600003']);
    expect(await listed('orderByColumn=imei&isAsc=descending')).toEqual(['3600001', '3600002', '3600003']);
    // Equal type names keep the list's own order (meter number) between them.
    expect(await listed('orderByColumn=meterTypeName')).toEqual(['3600002', '3600001', '3600003']);
    expect(await listed('orderByColumn=meterTypeName&isAsc=descending')).toEqual([
      '3600001',
      '3600003',
      '3600002',
    ]);
    expect(await listed('orderByColumn=imei&isAsc=ascending', trial)).toEqual(['3600000']);
    expect(
      await meterNos('/prod-api/business/valve/meters?meterNo=36000&orderByColumn=meterNo&isAsc=descending'),
    ).toEqual(['3600003', '3600002', '3600001']);
    const typeNames = (
      await admin('/prod-api/business/meterType/list?name=sort%20DN20&orderByColumn=name&isAsc=descending')
    )
      .json()
      .rows.map((r: { name: string }) => r.name);
    expect(typeNames).toEqual(['Sort DN20 B', 'sort DN20 a']);

    const exported = await admin({
      method: 'POST',
      url: '/prod-api/business/meter/export',
      payload: 'meterNo=36000&orderByColumn=imei&isAsc=descending',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(1).text)).toEqual([
      '3600001',
      '3600002',
      '3600003',
    ]);

    const column = 'Cette liste ne peut pas être triée selon cette colonne';
    for (const [query, message] of [
      ['orderByColumn=meter_no', column],
      ['orderByColumn=imei&isAsc=asc', 'Valeur invalide'],
      ['orderByColumn=link', column],
    ]) {
      const bad = await admin({
        url: `/prod-api/business/meter/list?${query}`,
        headers: { 'content-language': 'fr' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].message).toBe(message);
    }
    expect((await admin('/prod-api/business/valve/meters?orderByColumn=imei')).statusCode).toBe(400);
  });

  it('exports the valve operation and key update lists of a filter, never a key, within the tenant', async () => {
    /** The rows of an export as text, header first. */
    const sheetOf = async (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      book.worksheets[0]!.eachRow((row) => {
        // Empty cells are holes of `values`.
        rows.push(
          Array.from((row.values as unknown[]).slice(1), (v) =>
            v === null || v === undefined ? '' : String(v),
          ),
        );
      });
      return rows;
    };
    const exportOf = (as: Inject, family: 'valve' | 'keyUpdate', payload: object) =>
      as({
        method: 'POST',
        url: `/prod-api/business/${family}/export`,
        payload,
        headers: { 'content-language': 'en' },
      });

    // The valve test's commands: 3000100 still sending, 3000200 closed by its gateway.
    const valves = await sheetOf(
      await exportOf(admin, 'valve', { meterNo: '3000', orderByColumn: 'meterNo' }),
    );
    expect(valves[0]).toEqual([
      'Meter number',
      'Meter type',
      'Communication',
      'Last report',
      'Valve',
      'Latest command',
      'Status',
      'Status since',
      'Detail',
    ]);
    const byNo = new Map(valves.slice(1).map((row) => [row[0], row]));
    expect(byNo.get('3000100')?.slice(5, 7)).toEqual(['Close', 'Sending']);
    expect(byNo.get('3000200')?.slice(5, 7)).toEqual(['Close', 'Success']);
    expect(valves.slice(1).every((row) => row[0]!.includes('3000'))).toBe(true);
    // The filter of the page: only meters with a command under way.
    const pending = await sheetOf(await exportOf(admin, 'valve', { meterNo: '3000', pending: '1' }));
    expect(pending.slice(1).map((row) => row[0])).toEqual(['3000100']);

    const keys = await sheetOf(await exportOf(admin, 'keyUpdate', { meterNo: '3400001' }));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual([
      'Meter number',
      'Meter type',
      'Communication',
      'Last report',
      'Latest key update',
      'Status since',
      'Detail',
    ]);
    expect(keys[1]!.slice(0, 5)).toEqual(['3400001', 'Bulk no valve', 'Offline', '', 'Executing']);
    // The key sent in the valve test is a secret of the meter.
    const everything = await sheetOf(await exportOf(admin, 'keyUpdate', {}));
    expect(everything.flat().some((cell) => cell.includes('new-key-1'))).toBe(false);

    // Another tenant exports its own meters only, and none of them shows in this tenant's export.
    const trialType = (await addType(trial, { ...typeBody, name: 'Trial valve type' })).json().data;
    expect(
      (await addMeter(trial, { meterNo: '3900001', meterTypeId: trialType.meterTypeId })).json().code,
    ).toBe(200);
    const trialNos = (await listMeters(trial, 'orderByColumn=meterNo')).rows.map(
      (r: { meterNo: string }) => r.meterNo,
    );
    expect(trialNos).toContain('3900001');
    for (const family of ['valve', 'keyUpdate'] as const) {
      const theirs = await sheetOf(await exportOf(trial, family, { orderByColumn: 'meterNo' }));
      expect(theirs.slice(1).map((row) => row[0])).toEqual(trialNos);
      const ours = await sheetOf(await exportOf(admin, family, {}));
      expect(ours.length).toBeGreaterThan(1);
      expect(ours.slice(1).map((row) => row[0])).not.toContain('3900001');
    }

    // The read-only role holds the exports; a role with the two lists only does not.
    expect((await exportOf(viewer, 'valve', {})).statusCode).toBe(200);
    const role = await admin({
      method: 'POST',
      url: '/prod-api/system/role',
      payload: {
        roleName: 'Valve watchers',
        roleKey: 'valve_watchers',
        menuIds: ['meter', 'meter.valve', 'meter.keyUpdate'],
      },
    });
    const user = await admin({
      method: 'POST',
      url: '/prod-api/system/user',
      payload: { userName: 'valve_watcher', nickName: 'Valve watcher', roleIds: [role.json().data.roleId] },
    });
    const first = injectAs(app, await login(app, 'valve_watcher', user.json().data.initialPassword));
    const changed = await first({
      method: 'PUT',
      url: '/prod-api/system/user/profile/updatePwd',
      query: {
        oldPassword: await encryptPassword(app, user.json().data.initialPassword),
        newPassword: await encryptPassword(app, 'Watch1234'),
      },
    });
    expect(changed.json().code).toBe(200);
    const watcher = injectAs(app, await login(app, 'valve_watcher', 'Watch1234'));
    expect((await watcher('/prod-api/business/valve/meters')).json().code).toBe(200);
    expect((await watcher('/prod-api/business/keyUpdate/meters')).json().code).toBe(200);
    for (const family of ['valve', 'keyUpdate'] as const) {
      const refused = await exportOf(watcher, family, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).not.toContain('spreadsheetml');
    }
  });
});
