import { testEngines } from '@hydrolog/eventstore/testing';
import { batchStream, encodeReadingsArrow } from '@hydrolog/ingest';
import { type GatewayReading, INGEST_MAX_READINGS, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, closeValve, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
const HOUR = 3_600_000;

/** Registers meters of a tenant (one valve-capable type) and returns their ids by number. */
async function meters(
  services: Services,
  tenantId: string,
  meterNos: string[],
): Promise<Map<string, string>> {
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: `NB-IoT ${uuidv7().slice(-6)}`,
    billingMode: 'prepaid',
    valveControl: true,
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

describe.each(testEngines())('gateway ingest on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let key: string;
  let gatewayId: string;
  const now = Date.now();
  const hourStart = Math.floor(now / HOUR) * HOUR;
  const iso = (t: number) => new Date(t).toISOString();

  const upload = (body: unknown, headers: Record<string, string> = {}, withKey = key) =>
    app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${withKey}`, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  const eventCount = async () =>
    (await services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;
  const catchUp = () => services.runner.catchUp('readings');

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    await meters(services, DEMO_TENANT, ['1001', '1002', '1003']);
    await meters(services, TRIAL_TENANT, ['2001']);
    const res = await admin({
      method: 'POST',
      url: '/prod-api/ingest/gateway',
      payload: { name: 'North concentrator', kind: 'concentrator' },
    });
    expect(res.json().code).toBe(200);
    ({ key, gatewayId } = res.json().data);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('accepts a JSON batch once it is in the log, and answers a resend alike without appending', async () => {
    const batch = {
      batchId: uuidv7(),
      readings: [
        { meterNo: '1001', ts: iso(hourStart - 2 * HOUR), total: 10, battery: 3.6, valve: 'open' },
        { meterNo: '1001', ts: iso(hourStart - HOUR), total: 10.5, signal: -80 },
        { meterNo: '1002', ts: iso(hourStart - HOUR).replace('Z', '+00:00'), total: 3 },
      ],
    };
    const res = await upload(batch);
    expect(res.statusCode).toBe(202);
    const answer = res.json();
    expect(answer).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    expect(BigInt(answer.position)).toBeGreaterThan(0n);
    // The upload is its answer, then one event with the readings of both its meters.
    const stored = await services.store.readStream(
      batchStream({ gatewayId, tenantId: DEMO_TENANT }, batch.batchId),
    );
    expect(stored.map((e) => e.type)).toEqual(['ReadingBatchReceived', 'ReadingsReported']);
    const { meters: byMeter } = stored[1]!.data as { meters: { readings: { ts: string }[] }[] };
    expect(byMeter.map((m) => m.readings.map((r) => r.ts))).toEqual([
      [iso(hourStart - 2 * HOUR), iso(hourStart - HOUR)],
      [iso(hourStart - HOUR)],
    ]);
    const events = await eventCount();
    const again = await upload(batch);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(answer);
    expect(await eventCount()).toBe(events);

    await catchUp();
    const { rows } = await services.db.query<{ total: number; valve: string | null }>(
      `SELECT r.total, r.valve FROM readings r JOIN meters m USING (meter_id) WHERE m.meter_no = '1001' ORDER BY ts`,
    );
    expect(rows).toEqual([
      { total: 10, valve: 'open' },
      { total: 10.5, valve: null },
    ]);
  });

  it('answers uploads sent at the same moment each as if alone, a batch sent twice among them stored once', async () => {
    const batches = ['1001', '1002', '1003', '1001', '1002', '1003'].map((meterNo, i) => ({
      batchId: uuidv7(),
      readings: [{ meterNo, ts: iso(hourStart - (20 + i) * HOUR), total: 1 + i }],
    }));
    const twice = batches[2]!;
    const events = await eventCount();
    const answers = await Promise.all([...batches, twice].map((batch) => upload(batch)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 202));
    expect(answers.map((a) => a.json().accepted)).toEqual(answers.map(() => 1));
    expect(answers[6]!.json()).toEqual(answers[2]!.json());
    // Each batch's stream: its ReadingBatchReceived and one ReadingsReported.
    expect(await eventCount()).toBe(events + 2 * batches.length);
    const streams = batches.map((b) => batchStream({ gatewayId, tenantId: DEMO_TENANT }, b.batchId));
    const { rows } = await services.db.query<{ stream_id: string; position: string }>(
      `SELECT stream_id, max(position)::text AS position FROM es.events WHERE stream_id = ANY($1::text[])
       GROUP BY stream_id`,
      [streams],
    );
    const positions = new Map(rows.map((r) => [r.stream_id, r.position]));
    expect(answers.slice(0, batches.length).map((a) => a.json().position)).toEqual(
      streams.map((stream) => positions.get(stream)),
    );
  });

  it("rejects by row an unknown meter and another tenant's meter with the same reason, and keeps the rest", async () => {
    const res = await upload({
      batchId: uuidv7(),
      readings: [
        { meterNo: '9999', ts: iso(hourStart), total: 1 },
        { meterNo: '2001', ts: iso(hourStart), total: 1 },
        { meterNo: '1003', ts: iso(hourStart), total: 7 },
        // From the clock of this moment: the suite's start may be minutes ago on a loaded machine.
        { meterNo: '1003', ts: iso(Date.now() + 11 * 60_000), total: 8 },
        { meterNo: '1003', ts: iso(now - 401 * 24 * HOUR), total: 6 },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      accepted: 1,
      duplicates: 0,
      rejected: [
        { index: 0, meterNo: '9999', reason: 'unknownMeter' },
        { index: 1, meterNo: '2001', reason: 'unknownMeter' },
        { index: 3, meterNo: '1003', reason: 'tsInFuture' },
        { index: 4, meterNo: '1003', reason: 'tsTooOld' },
      ],
    });
  });

  it('counts a reading already stored (the latest of its meter or an earlier one), or repeated in the batch, as a duplicate', async () => {
    await catchUp();
    const res = await upload({
      batchId: uuidv7(),
      readings: [
        { meterNo: '1001', ts: iso(hourStart - HOUR), total: 10.5 },
        { meterNo: '1001', ts: iso(hourStart - 2 * HOUR), total: 10 },
        { meterNo: '1002', ts: iso(hourStart), total: 3.5 },
        { meterNo: '1002', ts: iso(hourStart), total: 3.5 },
      ],
    });
    expect(res.json()).toMatchObject({ accepted: 1, duplicates: 3, rejected: [] });
  });

  it('takes NDJSON with the batch id in Idempotency-Key, and Arrow IPC streams', async () => {
    const readings: GatewayReading[] = [
      { meterNo: '1003', ts: iso(hourStart - 3 * HOUR), total: 5, flow: 0.2, pressure: 0.31 },
      { meterNo: '1003', ts: iso(hourStart - 4 * HOUR), total: 4.5, alarms: ['lowBattery'] },
    ];
    const ndjson = await upload(readings.map((r) => JSON.stringify(r)).join('\n'), {
      'content-type': 'application/x-ndjson',
      'idempotency-key': uuidv7(),
    });
    expect(ndjson.statusCode).toBe(202);
    expect(ndjson.json()).toMatchObject({ accepted: 2 });

    const arrow = await upload(
      Buffer.from(encodeReadingsArrow(readings.map((r) => ({ ...r, ts: iso(Date.parse(r.ts) - 2 * HOUR) })))),
      { 'content-type': 'application/vnd.apache.arrow.stream', 'idempotency-key': uuidv7() },
    );
    expect(arrow.statusCode).toBe(202);
    expect(arrow.json()).toMatchObject({ accepted: 2, duplicates: 0 });
  });

  it('refuses bad input precisely and writes nothing of it', async () => {
    const before = await eventCount();
    const malformed = await upload('{"batchId": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().key).toBe('error.ingest.malformed');

    const wrongType = await upload({
      batchId: uuidv7(),
      readings: [
        { meterNo: '1001', ts: iso(hourStart), total: 1 },
        { meterNo: '1001', ts: iso(hourStart), total: '12' },
      ],
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].field).toBe('readings.1.total');

    const negative = await upload({
      batchId: uuidv7(),
      readings: [{ meterNo: '1001', ts: iso(hourStart), total: -1 }],
    });
    expect(negative.json().errors[0].field).toBe('readings.0.total');

    const unknownField = await upload({
      batchId: uuidv7(),
      readings: [{ meterNo: '1001', ts: iso(hourStart), total: 1, volts: 3 }],
    });
    expect(unknownField.statusCode).toBe(400);

    const noKey = await upload(JSON.stringify({ meterNo: '1001', ts: iso(hourStart), total: 1 }), {
      'content-type': 'application/x-ndjson',
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().key).toBe('error.ingest.idempotencyKey');

    const arrow = encodeReadingsArrow([{ meterNo: '1001', ts: iso(hourStart), total: 1 }]);
    const truncated = await upload(Buffer.from(arrow.subarray(0, arrow.length - 20)), {
      'content-type': 'application/vnd.apache.arrow.stream',
      'idempotency-key': uuidv7(),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().key).toBe('error.ingest.malformed');

    const xml = await upload('<readings/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().msg).toContain('application/x-ndjson');

    const tooMany = await upload({
      batchId: uuidv7(),
      readings: Array.from({ length: INGEST_MAX_READINGS + 1 }, () => ({
        meterNo: '1',
        ts: iso(hourStart),
        total: 1,
      })),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().key).toBe('error.ingest.tooManyReadings');

    const tooBig = await upload(
      `{"batchId":"${uuidv7()}","readings":[], "pad":"${'x'.repeat(17 * 1024 * 1024)}"}`,
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().key).toBe('error.ingest.tooLarge');

    expect(await eventCount()).toBe(before);
  });

  it("refuses a suspended tenant's gateway keys like its users, until the tenant is resumed", async () => {
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const body = () => ({
      batchId: uuidv7(),
      readings: [{ meterNo: '9999', ts: iso(hourStart), total: 11 }],
    });
    await operator({ method: 'PUT', url: `/prod-api/system/tenant/suspend/${DEMO_TENANT}` });
    const refused = await upload(body(), { 'content-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'error.tenant.suspended' });
    expect(
      (await app.inject({ url: '/ingest/v1/commands', headers: { authorization: `Bearer ${key}` } }))
        .statusCode,
    ).toBe(403);
    await operator({ method: 'PUT', url: `/prod-api/system/tenant/resume/${DEMO_TENANT}` });
    expect((await upload(body())).statusCode).toBe(202);
  });

  it('knows gateways only by their key: user tokens, wrong, rotated and revoked keys are refused', async () => {
    const body = {
      batchId: uuidv7(),
      // A meter of no tenant: these uploads change nothing the next tests look at.
      readings: [{ meterNo: '9999', ts: iso(hourStart), total: 11 }],
    };
    const userToken = await login(app, ...ACCOUNTS.demoAdmin);
    expect((await upload(body, {}, userToken)).statusCode).toBe(401);
    expect((await upload(body, {}, 'hgk_not-a-key')).statusCode).toBe(401);
    const onBackOffice = await app.inject({
      url: '/prod-api/system/user/getInfo',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(onBackOffice.statusCode).toBe(401);

    const created = await admin({
      method: 'POST',
      url: '/prod-api/ingest/gateway',
      payload: { name: 'Spare gateway', kind: 'gateway' },
    });
    const spare = created.json().data as { gatewayId: string; key: string };
    const rotated = await admin({ method: 'PUT', url: `/prod-api/ingest/gateway/${spare.gatewayId}/rotate` });
    const newKey = rotated.json().data.key as string;
    expect(newKey).not.toBe(spare.key);
    expect((await upload(body, {}, spare.key)).statusCode).toBe(401);
    expect((await upload(body, {}, newKey)).statusCode).toBe(202);

    await admin({ method: 'DELETE', url: `/prod-api/ingest/gateway/${spare.gatewayId}` });
    expect((await upload({ ...body, batchId: uuidv7() }, {}, newKey)).statusCode).toBe(401);
    const list = await admin('/prod-api/ingest/gateway/list?status=revoked');
    expect(list.json().rows.map((g: { name: string }) => g.name)).toEqual(['Spare gateway']);
  });

  it('shows the gateway with the meters it serves, and keeps another tenant away from it', async () => {
    await catchUp();
    const own = await admin(`/prod-api/ingest/gateway/${gatewayId}`);
    expect(own.json().data).toMatchObject({
      name: 'North concentrator',
      status: 'active',
      meterCount: 3,
      online: true,
    });
    const trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    expect((await trial(`/prod-api/ingest/gateway/${gatewayId}`)).json().key).toBe('error.gateway.notFound');
    expect((await trial({ method: 'DELETE', url: `/prod-api/ingest/gateway/${gatewayId}` })).json().key).toBe(
      'error.gateway.notFound',
    );
    // Another tenant's meter is not found, and no command is issued for it.
    const meterId = (
      await services.db.query<{ meter_id: string }>(
        `SELECT meter_id::text FROM meters WHERE meter_no = '1001'`,
      )
    ).rows[0]!.meter_id;
    const commands = async () =>
      (await services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM meter_commands')).rows[0]!.n;
    const before = await commands();
    const closing = await trial({
      method: 'POST',
      url: '/prod-api/business/valve/close',
      payload: { meterIds: [meterId] },
    });
    expect(closing.json().key).toBe('error.meter.notFound');
    expect(await commands()).toBe(before);
    const history = await trial('/prod-api/report/history/meter?meterNo=1001&from=2026-11-01&to=2026-11-02');
    expect(history.json().key).toBe('error.meter.notFound');
    const viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    expect(
      (
        await viewer({
          method: 'POST',
          url: '/prod-api/ingest/gateway',
          payload: { name: 'x', kind: 'gateway' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('sends a valve command down to the gateway that serves the meter and follows its answer', async () => {
    await catchUp();
    const commandId = await closeValve(services, admin, '1001');
    const status = async () =>
      (await admin('/prod-api/business/valve/list?meterNo=1001'))
        .json()
        .rows.find((c: { commandId: string }) => c.commandId === commandId).status;
    expect(await status()).toBe('sending');

    const poll = await app.inject({
      url: '/ingest/v1/commands?wait=0',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(poll.json().commands).toEqual([
      expect.objectContaining({ commandId, meterNo: '1001', kind: 'valveClose' }),
    ]);
    // Taken: the next poll does not offer it again.
    const second = await app.inject({
      url: '/ingest/v1/commands?wait=0',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(second.json().commands).toEqual([]);

    const ack = await app.inject({
      method: 'POST',
      url: `/ingest/v1/commands/${commandId}/ack`,
      headers: { authorization: `Bearer ${key}` },
      payload: { status: 'success' },
    });
    expect(ack.statusCode).toBe(200);
    expect(await status()).toBe('success');
    const late = await app.inject({
      method: 'POST',
      url: `/ingest/v1/commands/${commandId}/ack`,
      headers: { authorization: `Bearer ${key}` },
      payload: { status: 'fail' },
    });
    expect(late.statusCode).toBe(409);
    const types = (await services.store.readStream(`meterCommand-${commandId}`)).map((e) => e.type);
    expect(types).toEqual(['MeterCommandIssued', 'MeterCommandSent', 'MeterCommandAcknowledged']);
  });

  it('answers a long poll as soon as a command is issued', async () => {
    const meterId = (
      await services.db.query<{ meter_id: string }>(
        `SELECT meter_id::text FROM meters WHERE meter_no = '1002'`,
      )
    ).rows[0]!.meter_id;
    const started = Date.now();
    const waiting = app.inject({
      url: '/ingest/v1/commands?wait=20',
      headers: { authorization: `Bearer ${key}` },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await admin({ method: 'POST', url: '/prod-api/business/valve/open', payload: { meterIds: [meterId] } });
    const res = await waiting;
    expect(res.json().commands).toEqual([expect.objectContaining({ meterNo: '1002', kind: 'valveOpen' })]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('resends an unanswered key update once, then records resend successful', async () => {
    const meterId = (
      await services.db.query<{ meter_id: string }>(
        `SELECT meter_id::text FROM meters WHERE meter_no = '1003'`,
      )
    ).rows[0]!.meter_id;
    const issued = await admin({
      method: 'POST',
      url: '/prod-api/business/keyUpdate/send',
      payload: { meterId, key: 'K-42' },
    });
    const [commandId] = issued.json().data.commandIds as string[];
    const poll = () =>
      app.inject({ url: '/ingest/v1/commands', headers: { authorization: `Bearer ${key}` } });
    expect((await poll()).json().commands).toEqual([
      expect.objectContaining({ commandId, kind: 'keyUpdate', key: 'K-42' }),
    ]);
    expect(await app.commandDispatch.sweep(new Date(Date.now() + 3 * 60_000))).toBeGreaterThanOrEqual(1);
    const resend = (await admin('/prod-api/business/valve/list?kind=keyUpdate')).json().rows[0];
    expect(resend).toMatchObject({ commandId, status: 'resend', attempts: 1 });
    expect((await poll()).json().commands).toEqual([expect.objectContaining({ commandId })]);
    await app.inject({
      method: 'POST',
      url: `/ingest/v1/commands/${commandId}/ack`,
      headers: { authorization: `Bearer ${key}` },
      payload: { status: 'success' },
    });
    const rows = (await admin('/prod-api/business/valve/list?kind=keyUpdate')).json().rows;
    expect(rows[0]).toMatchObject({ commandId, status: 'resendSuccess', attempts: 2 });
    expect(rows[0]).not.toHaveProperty('key');
  });

  it('pushes back with 429 and Retry-After while the readings projection is too far behind', async () => {
    const busy = await startApi(engine, { ingest: { horizonDays: 400, maxBacklog: 1 } });
    try {
      const token = await login(busy.app, ...ACCOUNTS.demoAdmin);
      const created = await injectAs(
        busy.app,
        token,
      )({
        method: 'POST',
        url: '/prod-api/ingest/gateway',
        payload: { name: 'Busy gateway', kind: 'gateway' },
      });
      const busyKey = created.json().data.key as string;
      await meters(busy.services, DEMO_TENANT, ['5001']);
      // The readings projection follows meter registrations too (each meter's report interval).
      await busy.services.runner.catchUp('readings');
      const send = () =>
        busy.app.inject({
          method: 'POST',
          url: '/ingest/v1/readings',
          headers: { authorization: `Bearer ${busyKey}`, 'content-type': 'application/json' },
          payload: { batchId: uuidv7(), readings: [{ meterNo: '5001', ts: iso(hourStart), total: 1 }] },
        });
      expect((await send()).statusCode).toBe(202);
      const pushed = await send();
      expect(pushed.statusCode).toBe(429);
      expect(pushed.headers['retry-after']).toBe('2');
      await busy.services.runner.catchUp('readings');
      expect((await send()).statusCode).toBe(202);
    } finally {
      await busy.app.close();
      await busy.services.close();
    }
  });
});
