import { testEngines } from '@hydrolog/eventstore/testing';
import {
  DEFAULT_INGEST_HORIZON_DAYS,
  type DownlinkCommand,
  gatewayTopics,
  MQTT_KEY_PROPERTY,
  uuidv7,
} from '@hydrolog/schemas';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import { ACCOUNTS, closeValve, injectAs, login, startApi, type TestApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const HOUR = 3_600_000;

// The embedded broker always; an external one (Mosquitto) where TEST_MQTT_URL names it, as .ci/run does.
const externalUrl = process.env.TEST_MQTT_URL;
const lanes = [
  { broker: 'embedded', url: '' },
  ...(externalUrl ? [{ broker: 'external', url: externalUrl }] : []),
];

interface Gateway {
  gatewayId: string;
  key: string;
}

/** A message the service publishes: a reply, or the commands. */
interface Message {
  status?: number;
  batchId?: string;
  commandId?: string;
  retryAfter?: number;
  body?: { position?: string; key?: string; errors?: { field: string }[] };
  commands?: DownlinkCommand[];
}

/** The next message on `topic` that `wanted` accepts, as JSON. */
function nextMessage(client: MqttClient, topic: string, wanted: (message: Message) => boolean = () => true) {
  return new Promise<Message>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic}`));
    }, 15_000);
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic) return;
      const body = JSON.parse(payload.toString()) as Message;
      if (!wanted(body)) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(body);
    };
    client.on('message', onMessage);
  });
}

describe.each(lanes)('MQTT for gateways on the $broker broker', ({ broker, url }) => {
  const external = broker === 'external';
  let api: TestApi;
  let admin: ReturnType<typeof injectAs>;
  let gateway: Gateway;
  const clients: MqttClient[] = [];
  const hourStart = Math.floor(Date.now() / HOUR) * HOUR;
  const iso = (t: number) => new Date(t).toISOString();

  /** A gateway's connection: its key as the password (embedded), or in each message (external). */
  async function connect({ gatewayId, key }: Gateway): Promise<MqttClient> {
    const client = external
      ? await connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0 })
      : await connectAsync(`mqtt://127.0.0.1:${api.app.gatewayMqtt!.port}`, {
          username: gatewayId,
          password: key,
          reconnectPeriod: 0,
        });
    clients.push(client);
    return client;
  }
  const publish = (client: MqttClient, topic: string, body: unknown, key = gateway.key) =>
    client.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), {
      qos: 1,
      ...(external ? { properties: { userProperties: { [MQTT_KEY_PROPERTY]: key } } } : {}),
    });
  /** Publishes a request and waits for its reply; the readings projection caught up first, as it is not pushing back. */
  async function request(
    client: MqttClient,
    topic: string,
    body: unknown,
    wanted?: (reply: Message) => boolean,
  ) {
    await api.services.runner.catchUp('readings');
    const reply = nextMessage(client, gatewayTopics(gateway.gatewayId).replies, wanted);
    await publish(client, topic, body);
    return reply;
  }
  const eventCount = async () =>
    (await api.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;
  const addGateway = async (name: string): Promise<Gateway> =>
    (
      await admin({ method: 'POST', url: '/prod-api/ingest/gateway', payload: { name, kind: 'gateway' } })
    ).json().data;

  /**
   * Connects `spare`, makes `change`, and checks that its key stopped at once: the embedded broker
   * disconnects it and refuses it at CONNECT; through an external broker, its next batch is answered `status`.
   */
  async function expectStopped(spare: Gateway, status: 401 | 403, change: () => Promise<unknown>) {
    const client = await connect(spare);
    const topics = gatewayTopics(spare.gatewayId);
    await client.subscribeAsync(topics.replies, { qos: 1 });
    const closed = new Promise((resolve) => client.once('close', () => resolve(true)));
    await change();
    if (external) {
      const refused = nextMessage(client, topics.replies);
      const batch = { batchId: uuidv7(), readings: [{ meterNo: '9999', ts: iso(hourStart), total: 1 }] };
      await publish(client, topics.readings, batch, spare.key);
      const key = status === 401 ? 'error.gateway.key' : 'error.tenant.suspended';
      expect(await refused).toMatchObject({ status, body: { key } });
    } else {
      await closed;
      await expect(connect(spare)).rejects.toThrow(
        status === 401 ? /Bad username or password/i : /Not authorized/i,
      );
    }
  }

  beforeAll(async () => {
    api = await startApi(testEngines()[0]!, {
      mqtt: external ? { port: null, url } : { port: 0, host: '127.0.0.1' },
      // Pushed back as soon as the readings projection is one event behind: tests catch it up by hand.
      ingest: { horizonDays: DEFAULT_INGEST_HORIZON_DAYS, maxBacklog: 1 },
    });
    admin = injectAs(api.app, await login(api.app, ...ACCOUNTS.demoAdmin));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(api.services.store, metadata, {
      name: 'MQTT valve meter',
      billingMode: 'prepaid',
      valveControl: true,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    await registerMeters(api.services.store, metadata, [{ meterNo: '7701', meterTypeId }]);
    gateway = await addGateway('MQTT concentrator');
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true);
    await api.app.close();
    await api.services.close();
  });

  it('answers a published batch on the reply topic once durable, and the same batch again appends nothing', async () => {
    const client = await connect(gateway);
    const topics = gatewayTopics(gateway.gatewayId);
    await client.subscribeAsync(topics.replies, { qos: 1 });
    const batch = {
      batchId: uuidv7(),
      readings: [
        { meterNo: '7701', ts: iso(hourStart - 2 * HOUR), total: 20 },
        { meterNo: '7701', ts: iso(hourStart - HOUR), total: 20.5 },
        { meterNo: '9999', ts: iso(hourStart - HOUR), total: 1 },
      ],
    };
    const reply = await request(client, topics.readings, batch);
    expect(reply).toMatchObject({
      status: 202,
      batchId: batch.batchId,
      body: { accepted: 2, duplicates: 0, rejected: [{ index: 2, meterNo: '9999', reason: 'unknownMeter' }] },
    });
    expect(BigInt(reply.body!.position!)).toBeGreaterThan(0n);
    const events = await eventCount();
    expect(await request(client, topics.readings, batch)).toEqual(reply);
    expect(await eventCount()).toBe(events);

    await api.services.runner.catchUp('readings');
    const history = await admin(
      `/prod-api/report/history/meter?meterNo=7701&from=${iso(hourStart - 3 * HOUR).slice(0, 10)}&to=${iso(hourStart + 24 * HOUR).slice(0, 10)}`,
    );
    expect(history.statusCode).toBe(200);
    const { rows } = await api.services.db.query<{ total: number }>(
      `SELECT r.total FROM readings r JOIN meters m USING (meter_id) WHERE m.meter_no = '7701' ORDER BY ts`,
    );
    expect(rows.map((r) => r.total)).toEqual([20, 20.5]);
  });

  it('answers a malformed payload with its field errors, as HTTP does, and writes nothing', async () => {
    const client = await connect(gateway);
    const topics = gatewayTopics(gateway.gatewayId);
    await client.subscribeAsync(topics.replies, { qos: 1 });
    const before = await eventCount();
    const refusedId = uuidv7();
    const wrongType = await request(client, topics.readings, {
      batchId: refusedId,
      readings: [
        { meterNo: '7701', ts: iso(hourStart), total: 1 },
        { meterNo: '7701', ts: iso(hourStart), total: '12' },
      ],
    });
    expect(wrongType).toMatchObject({ status: 400, batchId: refusedId });
    expect(wrongType.body!.errors![0]!.field).toBe('readings.1.total');
    const unreadable = await request(client, topics.readings, '{"batchId": ');
    expect(unreadable).toMatchObject({ status: 400, body: { key: 'error.ingest.malformed' } });
    expect(await eventCount()).toBe(before);
  });

  it('sends a valve command down the commands topic and takes its acknowledgement', async () => {
    const client = await connect(gateway);
    const topics = gatewayTopics(gateway.gatewayId);
    await client.subscribeAsync([topics.replies, topics.commands], { qos: 1 });
    const commandId = await closeValve(api.services, admin, '7701');
    const received = nextMessage(client, topics.commands, (body) =>
      (body.commands ?? []).some((c) => c.commandId === commandId),
    );
    // The embedded broker pushes it to a subscribed gateway; through an external one the gateway asks.
    if (external) await publish(client, topics.take, {});
    expect((await received).commands).toEqual([
      expect.objectContaining({ commandId, meterNo: '7701', kind: 'valveClose' }),
    ]);

    const bad = await request(client, topics.ack(commandId), { status: 'done' });
    expect(bad).toMatchObject({ status: 400, commandId });
    expect(bad.body!.errors![0]!.field).toBe('status');
    const ack = await request(client, topics.ack(commandId), { status: 'success' });
    expect(ack).toEqual({ status: 200, commandId, body: { commandId } });
    const status = (await admin('/prod-api/business/valve/list?meterNo=7701'))
      .json()
      .rows.find((c: { commandId: string }) => c.commandId === commandId).status;
    expect(status).toBe('success');
    const again = await request(client, topics.ack(commandId), { status: 'fail' });
    expect(again).toMatchObject({ status: 409, commandId });
  });

  it("refuses another gateway's topics", async () => {
    const other = await addGateway('Neighbour gateway');
    const client = await connect(gateway);
    const foreign = gatewayTopics(other.gatewayId);
    const before = await eventCount();
    const batch = { batchId: uuidv7(), readings: [{ meterNo: '7701', ts: iso(hourStart), total: 30 }] };
    if (external) {
      // The broker lets anyone subscribe; the service takes the key for another gateway as no key.
      await client.subscribeAsync(foreign.replies, { qos: 1 });
      const refused = nextMessage(client, foreign.replies);
      await publish(client, foreign.readings, batch);
      expect(await refused).toMatchObject({ status: 401, body: { key: 'error.gateway.key' } });
    } else {
      // SUBACK 0x80 for each: the connection stays.
      await expect(
        client.subscribeAsync([foreign.replies, foreign.commands], { qos: 1 }),
      ).rejects.toMatchObject({
        packet: { granted: [128, 128] },
      });
      const closed = new Promise((resolve) => client.once('close', () => resolve(true)));
      client.publish(foreign.readings, JSON.stringify(batch), { qos: 1 });
      await closed;
    }
    expect(await eventCount()).toBe(before);
  });

  it('stops a revoked key at once', async () => {
    const spare = await addGateway('Spare gateway');
    await expectStopped(spare, 401, () =>
      admin({ method: 'DELETE', url: `/prod-api/ingest/gateway/${spare.gatewayId}` }),
    );
  });

  it('pushes back with a retry-after while the readings projection is too far behind', async () => {
    const client = await connect(gateway);
    const topics = gatewayTopics(gateway.gatewayId);
    await client.subscribeAsync(topics.replies, { qos: 1 });
    const batch = () => ({
      batchId: uuidv7(),
      readings: [{ meterNo: '7701', ts: iso(hourStart), total: 40 }],
    });
    expect((await request(client, topics.readings, batch())).status).toBe(202);
    // Not caught up: the batch just stored is behind.
    const pushed = batch();
    const busy = nextMessage(client, topics.replies);
    await publish(client, topics.readings, pushed);
    expect(await busy).toMatchObject({
      status: 429,
      retryAfter: 2,
      batchId: pushed.batchId,
      body: { key: 'error.ingest.busy' },
    });
    expect(await request(client, topics.readings, pushed)).toMatchObject({
      status: 202,
      batchId: pushed.batchId,
    });
  });

  it("refuses a suspended tenant's gateways like HTTP does, and a rotated key", async () => {
    const operator = injectAs(api.app, await login(api.app, ...ACCOUNTS.platformAdmin));
    const spare = await addGateway('Rotated gateway');
    try {
      await expectStopped(spare, 403, () =>
        operator({ method: 'PUT', url: `/prod-api/system/tenant/suspend/${DEMO_TENANT}` }),
      );
    } finally {
      await operator({ method: 'PUT', url: `/prod-api/system/tenant/resume/${DEMO_TENANT}` });
    }
    let newKey = '';
    await expectStopped(spare, 401, async () => {
      const rotated = await admin({
        method: 'PUT',
        url: `/prod-api/ingest/gateway/${spare.gatewayId}/rotate`,
      });
      newKey = rotated.json().data.key;
    });
    const renewed = await connect({ ...spare, key: newKey });
    const topics = gatewayTopics(spare.gatewayId);
    await renewed.subscribeAsync(topics.replies, { qos: 1 });
    await api.services.runner.catchUp('readings');
    const batch = { batchId: uuidv7(), readings: [{ meterNo: '9999', ts: iso(hourStart), total: 1 }] };
    const answered = nextMessage(renewed, topics.replies);
    await publish(renewed, topics.readings, batch, newKey);
    expect(await answered).toMatchObject({ status: 202, batchId: batch.batchId });
  });
});
