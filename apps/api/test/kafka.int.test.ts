import { testEngines } from '@hydrolog/eventstore/testing';
import { appendDeliveries, batchEventId, encodeMessages, type KafkaDeliveryMessage } from '@hydrolog/ingest';
import { uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi, type TestApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';

async function demoMeter(services: Services, meterNo: string): Promise<string> {
  const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: `Type ${meterNo}`,
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 60,
  });
  return (await registerMeters(services.store, metadata, [{ meterNo, meterTypeId }]))[0]!;
}

const eventCount = async (services: Services) =>
  (await services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM es.events')).rows[0]!.n;

describe.each(testEngines())('the Kafka consumer side on $engine (no broker needed)', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(engine);
  });
  afterAll(async () => {
    await api.app.close();
    await api.services.close();
  });

  it('appends delivered batches in message order, and a message delivered again appends nothing', async () => {
    const meterId = await demoMeter(api.services, '8101');
    const gatewayId = uuidv7();
    const batchId = uuidv7();
    const stream = `readingBatch-${gatewayId}.${batchId}`;
    const metadata = { tenantId: DEMO_TENANT, correlationId: batchId };
    const events = [
      {
        id: batchEventId(stream, 0),
        type: 'ReadingBatchReceived',
        data: {
          batchId,
          gatewayId,
          receivedAt: new Date().toISOString(),
          accepted: 2,
          duplicates: 0,
          rejected: [],
        },
        metadata,
      },
      {
        id: batchEventId(stream, 1),
        type: 'ReadingsReported',
        data: {
          batchId,
          gatewayId,
          meters: [
            {
              meterId,
              readings: [
                { ts: '2026-11-01T00:00:00.000Z', total: 1 },
                { ts: '2026-11-01T01:00:00.000Z', total: 2 },
              ],
            },
          ],
        },
        metadata,
      },
    ];
    const encoded = encodeMessages({ stream, events, key: gatewayId });
    expect(encoded.map((m) => m.key)).toEqual([gatewayId, gatewayId]);
    const messages = encoded.map((m) => JSON.parse(m.value) as KafkaDeliveryMessage);

    const before = await eventCount(api.services);
    await appendDeliveries(api.services.store, messages);
    expect(await eventCount(api.services)).toBe(before + 2);
    // Redelivered after a crash before the offset commit, and again inside one poll.
    await appendDeliveries(api.services.store, [...messages, ...messages]);
    expect(await eventCount(api.services)).toBe(before + 2);
    const stored = await api.services.store.readStream(stream);
    expect(stored.map((e) => e.type)).toEqual(['ReadingBatchReceived', 'ReadingsReported']);
  });

  it('gives the events of a batch the same ids whenever it is sent', () => {
    const stream = `readingBatch-${uuidv7()}.${uuidv7()}`;
    expect(batchEventId(stream, 3)).toBe(batchEventId(stream, 3));
    expect(batchEventId(stream, 3)).not.toBe(batchEventId(stream, 4));
    expect(batchEventId(stream, 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

// The Kafka lane: the route produces, the consumer group appends; runs where KAFKA_BROKERS names a broker.
const brokers = process.env.KAFKA_BROKERS;
if (brokers) {
  describe.each(testEngines())('ingest through Kafka on $engine', (engine) => {
    let api: TestApi;
    const topic = `hydrolog.readings.test.${uuidv7()}`;
    beforeAll(async () => {
      api = await startApi(engine, {
        kafka: { brokers: brokers.split(','), topic, groupId: `hydrolog-test-${uuidv7()}` },
      });
    });
    afterAll(async () => {
      await api.app.close();
      await api.services.close();
    });

    it('answers 202 after the broker has the batch, and the consumer puts it in the log once', async () => {
      await demoMeter(api.services, '8201');
      const admin = injectAs(api.app, await login(api.app, ...ACCOUNTS.demoAdmin));
      const { key } = (
        await admin({
          method: 'POST',
          url: '/prod-api/ingest/gateway',
          payload: { name: 'Kafka gw', kind: 'gateway' },
        })
      ).json().data;
      const batch = {
        batchId: uuidv7(),
        readings: [{ meterNo: '8201', ts: new Date().toISOString(), total: 4 }],
      };
      const send = () =>
        api.app.inject({
          method: 'POST',
          url: '/ingest/v1/readings',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: batch,
        });
      const first = await send();
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({ accepted: 1, position: expect.stringMatching(/^kafka:\d+@\d+$/) });
      const count = () =>
        api.services.db
          .query<{ n: number }>(`SELECT count(*)::int AS n FROM es.events WHERE type = 'ReadingsReported'`)
          .then((r) => r.rows[0]!.n);
      for (let i = 0; i < 100 && (await count()) === 0; i++) await new Promise((r) => setTimeout(r, 200));
      expect(await count()).toBe(1);
      expect((await send()).json()).toMatchObject({ accepted: 1 });
      await new Promise((r) => setTimeout(r, 2000));
      expect(await count()).toBe(1);
    });
  });
} else {
  console.info('Kafka lane not run: KAFKA_BROKERS is not set');
}
