import { testEngines } from '@hydrolog/eventstore/testing';
import { DEFAULT_INGEST_HORIZON_DAYS, uuidv7 } from '@hydrolog/schemas';
import { GatewayError, MqttGatewayClient } from '@hydrolog/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../../api/src/meters/index.ts';
import { ACCOUNTS, closeValve, injectAs, login, startApi, type TestApi } from '../../api/test/support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';

// The simulator's MQTT gateway client against the service's embedded broker.
describe('the simulated gateway over MQTT', () => {
  let api: TestApi;
  let client: MqttGatewayClient;
  let admin: ReturnType<typeof injectAs>;
  const retried: (number | undefined)[] = [];

  beforeAll(async () => {
    api = await startApi(testEngines()[0]!, {
      mqtt: { port: 0, host: '127.0.0.1' },
      ingest: { horizonDays: DEFAULT_INGEST_HORIZON_DAYS, maxBacklog: 1 },
    });
    admin = injectAs(api.app, await login(api.app, ...ACCOUNTS.demoAdmin));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(api.services.store, metadata, {
      name: 'Simulated valve meter',
      billingMode: 'prepaid',
      valveControl: true,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    await registerMeters(api.services.store, metadata, [{ meterNo: '7801', meterTypeId }]);
    const { gatewayId, key } = (
      await admin({
        method: 'POST',
        url: '/prod-api/ingest/gateway',
        payload: { name: 'Sim', kind: 'gateway' },
      })
    ).json().data;
    client = new MqttGatewayClient({
      url: `mqtt://127.0.0.1:${api.app.gatewayMqtt!.port}`,
      gatewayId,
      key,
      onRetry: ({ status }) => retried.push(status),
    });
  });
  afterAll(async () => {
    await client.close();
    await api.app.close();
    await api.services.close();
  });

  it('sends a batch again with the same id after a push-back, until it is stored', async () => {
    await api.services.runner.catchUp('readings');
    const ts = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const first = await client.sendReadings({
      batchId: uuidv7(),
      readings: [{ meterNo: '7801', ts, total: 5 }],
    });
    expect(first).toMatchObject({ accepted: 1, duplicates: 0 });
    // The first batch is behind in the readings projection: the next is pushed back until it catches up.
    const catchingUp = new Promise((resolve) => setTimeout(resolve, 500)).then(() =>
      api.services.runner.catchUp('readings'),
    );
    const later = new Date(Date.parse(ts) - 3_600_000).toISOString();
    const second = await client.sendReadings({
      batchId: uuidv7(),
      readings: [{ meterNo: '7801', ts: later, total: 4 }],
    });
    await catchingUp;
    expect(second).toMatchObject({ accepted: 1 });
    expect(retried).toContain(429);
  });

  it('throws a batch the service refuses, without sending it again', async () => {
    retried.length = 0;
    await api.services.runner.catchUp('readings');
    const refused = client.sendReadings({
      batchId: uuidv7(),
      readings: [{ meterNo: '7801', ts: 'yesterday', total: 1 }],
    });
    await expect(refused).rejects.toBeInstanceOf(GatewayError);
    await expect(refused).rejects.toMatchObject({ retryable: false, status: 400 });
    expect(retried).toEqual([]);
  });

  it('receives the commands pushed to it and acknowledges them', async () => {
    // The command goes to the gateway its meter's latest reading came through.
    await api.services.runner.catchUp('readings');
    const polled = client.pollCommands(10);
    const commandId = await closeValve(api.services, admin, '7801');
    expect(await polled).toEqual([
      expect.objectContaining({ commandId, meterNo: '7801', kind: 'valveClose' }),
    ]);
    await client.ack(commandId, 'success');
    const row = (await admin('/prod-api/business/valve/list?meterNo=7801'))
      .json()
      .rows.find((c: { commandId: string }) => c.commandId === commandId);
    expect(row.status).toBe('success');
  });
});
