import { testEngines } from '@hydrolog/eventstore/testing';
import { type DeviceScreenChange, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi, uploadReadings } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const HOUR_MS = 3_600_000;

/** A device screen following /device/screen/live over a real connection: the changes it was sent, in order. */
async function follow(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/prod-api/device/screen/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const changes: DeviceScreenChange[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of response.body!) {
      text += decoder.decode(chunk, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const data = text
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        if (data) changes.push(JSON.parse(data.slice('data: '.length)));
        text = text.slice(end + 2);
      }
    }
  })().catch(() => undefined);
  return {
    response,
    changes,
    /** The first change after those already seen that `matches`. */
    async next(matches: (change: DeviceScreenChange) => boolean, seen = changes.length) {
      await expect.poll(() => changes.slice(seen).some(matches), { timeout: 20_000 }).toBe(true);
      return changes.slice(seen).find(matches)!;
    },
    async stop() {
      controller.abort();
      await reading;
    },
  };
}

describe.each(testEngines())('the device screen followed live on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let baseUrl: string;
  let token: string;

  const upload = (key: string, readings: object[]) => uploadReadings(app, key, readings);

  beforeAll(async () => {
    ({ app, services } = await startApi(engine, { screenLookMs: 100 }));
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    token = await login(app, ...ACCOUNTS.demoAdmin);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('says to read the map first, then sends the meters whose state changed, and a reload when devices come', async () => {
    const admin = injectAs(app, token);
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Live screen',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [meterId = ''] = await registerMeters(services.store, metadata, [
      { meterNo: '770001', meterTypeId, lng: 120.2, lat: 30.3 },
    ]);
    const concentrator = await admin({
      method: 'POST',
      url: '/prod-api/device/concentrator',
      payload: { number: 'LIVE-1', manufacturer: 'Acme' },
    });
    const { key } = concentrator.json().data;
    // An old reading: the meter is offline, and the concentrator stands where it does.
    const old = new Date(Date.now() - 5 * HOUR_MS).toISOString();
    expect((await upload(key, [{ meterNo: '770001', ts: old, total: 1 }])).statusCode).toBe(202);
    await services.runner.catchUp('readings');

    const screen = await follow(baseUrl, token);
    expect(screen.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await screen.next(() => true, 0)).toMatchObject({ kind: 'reload' });
    const before = (await admin('/prod-api/device/screen')).json().data;
    expect(before.meters.state[before.meters.meterId.indexOf(meterId)]).toBe('offline');

    // A fresh reading: only the meter's new state travels.
    const seen = screen.changes.length;
    const now = new Date().toISOString();
    expect((await upload(key, [{ meterNo: '770001', ts: now, total: 2 }])).statusCode).toBe(202);
    await services.runner.catchUp('readings');
    const states = await screen.next((c) => c.kind === 'states' && c.meters.meterId.includes(meterId), seen);
    expect(states).toMatchObject({ kind: 'states', meters: { meterId: [meterId], state: ['online'] } });
    expect(screen.changes.slice(seen).every((c) => c.kind === 'states')).toBe(true);

    // A new device: the screen reads the map again.
    const added = await admin({
      method: 'POST',
      url: '/prod-api/device/device',
      payload: {
        deviceCode: 'LIVE-PUMP',
        deviceName: 'Live pump',
        deviceType: 'waterPump',
        status: 'online',
        longitude: 120.21,
        latitude: 30.31,
        mapType: 0,
      },
    });
    expect(added.json().code).toBe(200);
    await screen.next((c) => c.kind === 'reload', screen.changes.length);
    await screen.stop();
  });

  it('refuses a caller without a session, and keeps each tenant to its own map', async () => {
    const anonymous = await fetch(`${baseUrl}/prod-api/device/screen/live`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const trial = await follow(baseUrl, await login(app, ...ACCOUNTS.trialAdmin));
    await trial.next(() => true, 0);
    const demo = await follow(baseUrl, token);
    await demo.next(() => true, 0);
    const seen = { trial: trial.changes.length, demo: demo.changes.length };
    const key = (
      await injectAs(
        app,
        token,
      )({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: 'LIVE-2', manufacturer: 'Acme' },
      })
    ).json().data.key;
    expect(
      (await upload(key, [{ meterNo: '770001', ts: new Date().toISOString(), total: 3 }])).statusCode,
    ).toBe(202);
    await services.runner.catchUp('readings');
    // The demo tenant's concentrator found its place: its screens read the map again, the trial's do not.
    await demo.next((c) => c.kind === 'reload', seen.demo);
    await expect.poll(() => trial.changes.length, { timeout: 5_000 }).toBeGreaterThan(seen.trial + 3);
    expect(
      trial.changes.slice(seen.trial).every((c) => c.kind === 'states' && c.meters.meterId.length === 0),
    ).toBe(true);
    await trial.stop();
    await demo.stop();
  });
});
