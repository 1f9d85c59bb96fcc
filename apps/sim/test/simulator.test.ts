import { randomUUID } from 'node:crypto';
import { readingBatchSchema } from '@hydrolog/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { runDemoFleet } from '../src/demo.ts';
import { demoFleet } from '../src/fleet.ts';
import { GatewayError } from '../src/gateway-client.ts';
import { FleetModel } from '../src/model.ts';
import { Simulator } from '../src/simulator.ts';
import { DAY_MS, HOUR_MS } from '../src/time.ts';
import {
  type FakeServer,
  type RecordedRequest,
  type ScriptedAnswer,
  startFakeServer,
} from './fake-server.ts';
import { expectedKeys, keysFor, MemoryTransport, readingKey } from './helpers.ts';

const fleet = demoFleet();
/** Local midnight of 2026-03-01 in Asia/Shanghai. */
const FROM = Date.parse('2026-02-28T16:00:00Z');
const LAST_MIDNIGHT = FROM + 2 * DAY_MS;
const TO = LAST_MIDNIGHT + 6 * HOUR_MS;
const meterDistrict = new Map(fleet.meters.map((m) => [m.meterNo, m.district]));

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An ingest server that checks keys and bodies, stores each batch id once and answers like the real one. */
async function ingestServer(
  misbehave?: (request: RecordedRequest, index: number) => ScriptedAnswer | undefined,
) {
  const stored = new Map<string, { district: number; readings: { meterNo: string; ts: string }[] }>();
  const answers = new Map<string, unknown>();
  const s = await startFakeServer((request, index) => {
    const scripted = misbehave?.(request, index);
    if (scripted) return scripted;
    const key = /^Bearer key-(\d)$/.exec(request.headers.authorization ?? '');
    if (!key) return { status: 401, body: { code: 401, msg: 'bad key' } };
    if (request.method === 'GET') return { status: 200, body: { commands: [] } };
    const parsed = readingBatchSchema.safeParse(JSON.parse(request.body));
    if (!parsed.success) return { status: 400, body: { code: 400, msg: parsed.error.message } };
    const batch = parsed.data;
    const previous = answers.get(batch.batchId);
    if (previous) return { status: 202, body: previous };
    const district = Number(key[1]);
    stored.set(batch.batchId, { district, readings: batch.readings });
    const answer = {
      accepted: batch.readings.length,
      duplicates: 0,
      rejected: [],
      position: String(stored.size),
    };
    answers.set(batch.batchId, answer);
    return { status: 202, body: answer };
  });
  server = s;
  return { server: s, stored };
}

describe('Simulator backfill', () => {
  it('sends every expected reading exactly once per (meter, ts), in batches per gateway', async () => {
    const { server: s, stored } = await ingestServer();
    const simulator = new Simulator(fleet, keysFor(fleet), { baseUrl: s.url, batchSize: 1000 });
    const progress: number[] = [];
    const stats = await simulator.backfill(new Date(FROM), new Date(TO), (p) => progress.push(p.fraction));

    const expected = expectedKeys(fleet, FROM, TO, LAST_MIDNIGHT);
    const counts = new Map<string, number>();
    let wrongGateway = 0;
    for (const { district, readings } of stored.values()) {
      expect(readings.length).toBeLessThanOrEqual(1000);
      for (const r of readings) {
        if (meterDistrict.get(r.meterNo) !== district) wrongGateway++;
        counts.set(readingKey(r), (counts.get(readingKey(r)) ?? 0) + 1);
      }
    }
    expect(wrongGateway).toBe(0);
    expect(s.requests).toHaveLength(stored.size);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(expected);
    expect(stats.readings).toBe(expected.size);
    expect(stats.accepted).toBe(expected.size);
    expect(stats.batches).toBe(stored.size);
    expect(s.maxConcurrent).toBeLessThanOrEqual(2);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });

  it('readings carry the model counter, local-offset timestamps, valve, battery, signal, inlet flow and pressure', async () => {
    const transport = new MemoryTransport();
    const simulator = new Simulator(fleet, keysFor(fleet), { transport: transport.factory });
    await simulator.backfill(new Date(FROM), new Date(FROM + 3 * HOUR_MS));
    const model = new FleetModel(fleet);
    const readings = transport.readings();
    expect(readings.length).toBeGreaterThan(100);
    for (const r of readings) {
      const meter = fleet.meters.find((m) => m.meterNo === r.meterNo)!;
      expect(r.ts).toMatch(/^2026-03-01T0[0-3]:0\d:\d\d\+08:00$/);
      expect(r.total).toBeCloseTo(model.counterAt(meter, Date.parse(r.ts)), 3);
      expect(r.battery).toBeGreaterThanOrEqual(3);
      expect(r.battery).toBeLessThanOrEqual(3.6);
      expect(r.signal).toBeGreaterThanOrEqual(0);
      expect(r.valve).toBe(meter.valveCapable ? 'open' : undefined);
      if (meter.role === 'inlet') {
        expect(r.flow).toBeCloseTo(model.inletFlow(meter.district, Date.parse(r.ts)), 3);
        expect(r.pressure).toBeGreaterThan(0.1);
        expect(r.pressure2).toBeCloseTo(0.85 * r.pressure!, 2);
        expect(r.temperature).toBeTypeOf('number');
      } else {
        expect(r.flow).toBeUndefined();
        expect(r.pressure).toBeUndefined();
        expect(r.pressure2).toBeUndefined();
      }
    }
    // Daily meters have not uploaded yet: their first upload is after the next midnight.
    expect(readings.some((r) => fleet.meters.find((m) => m.meterNo === r.meterNo)?.pattern === 'daily')).toBe(
      false,
    );
  });

  it('resends a batch after 503 with the same id; the server stores each reading once', async () => {
    const { server: s, stored } = await ingestServer((request, index) =>
      request.method === 'POST' && index % 3 === 0
        ? { status: 503, body: { code: 503, msg: 'busy' } }
        : undefined,
    );
    const simulator = new Simulator(fleet, keysFor(fleet), {
      baseUrl: s.url,
      batchSize: 2000,
      client: { baseDelayMs: 1, maxDelayMs: 5 },
    });
    const to = FROM + DAY_MS + 6 * HOUR_MS;
    await simulator.backfill(new Date(FROM), new Date(to));
    const sent = [...stored.values()].flatMap((b) => b.readings.map(readingKey));
    expect(sent.length).toBe(new Set(sent).size);
    expect(new Set(sent)).toEqual(expectedKeys(fleet, FROM, to, FROM + DAY_MS));
    expect(s.requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(stored.size);
  });

  it('uploads NDJSON with the batch id as Idempotency-Key', async () => {
    const batches: { id: string | undefined; lines: number }[] = [];
    server = await startFakeServer((request) => {
      const lines = request.body.split('\n').filter(Boolean);
      batches.push({ id: request.headers['idempotency-key'] as string | undefined, lines: lines.length });
      return { status: 202, body: { accepted: lines.length, duplicates: 0, rejected: [], position: '1' } };
    });
    const simulator = new Simulator(fleet, keysFor(fleet), { baseUrl: server.url, format: 'ndjson' });
    const stats = await simulator.backfill(new Date(FROM), new Date(FROM + 2 * HOUR_MS));
    expect(batches.length).toBe(3);
    expect(batches.every((b) => /^[0-9a-f-]{36}$/.test(b.id ?? ''))).toBe(true);
    expect(batches.reduce((n, b) => n + b.lines, 0)).toBe(stats.readings);
  });
});

describe('Simulator ticks', () => {
  it('sends what became due since the last tick, and a restarted simulator resumes without double-sending', async () => {
    const transport = new MemoryTransport();
    const simulator = new Simulator(fleet, keysFor(fleet), { transport: transport.factory });
    await simulator.backfill(new Date(FROM), new Date(TO));
    const afterBackfill = transport.readings().length;
    const tick1 = await simulator.tick(new Date(TO + 3 * HOUR_MS));
    const hourly = fleet.meters.filter((m) => m.pattern === 'hourly').length;
    expect(tick1.readings).toBe(3 * hourly);
    expect((await simulator.tick(new Date(TO + 3 * HOUR_MS))).readings).toBe(0);

    // Restart: a new simulator told what was sent, one day later.
    const second = new MemoryTransport();
    const restarted = new Simulator(fleet, keysFor(fleet), {
      transport: second.factory,
      since: simulator.sentThrough(),
    });
    const end = TO + DAY_MS;
    await restarted.tick(new Date(end));
    const all = [...transport.readings(), ...second.readings()].map(readingKey);
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(expectedKeys(fleet, FROM, end, LAST_MIDNIGHT + DAY_MS));
    expect(afterBackfill).toBeGreaterThan(0);
  });

  it('after an interrupted backfill, sentThrough excludes undelivered readings so a restart loses nothing', async () => {
    const delivered: string[] = [];
    const controller = new AbortController();
    const simulator = new Simulator(fleet, keysFor(fleet), {
      batchSize: 300,
      resendDelayMs: 5,
      transport: (district) => ({
        sendReadings: async (batch) => {
          if (district === 1) throw new GatewayError('HTTP 503 busy', true, 503);
          delivered.push(...batch.readings.map(readingKey));
          return { accepted: batch.readings.length, duplicates: 0, rejected: [], position: '1' };
        },
        pollCommands: async () => [],
        ack: async () => {},
      }),
    });
    const backfill = simulator.backfill(new Date(FROM), new Date(TO), undefined, {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await expect(backfill).rejects.toBeDefined();
    const through = simulator.sentThrough();
    for (const no of fleet.districts[1]!.householdMeterNos)
      expect(through.get(no)!.getTime()).toBeLessThan(FROM + HOUR_MS);
    expect(delivered.length).toBeGreaterThan(0);

    const restarted = new Simulator(fleet, keysFor(fleet), {
      transport: (district) => ({
        sendReadings: async (batch) => {
          delivered.push(...batch.readings.map(readingKey));
          return { accepted: batch.readings.length, duplicates: 0, rejected: [], position: String(district) };
        },
        pollCommands: async () => [],
        ack: async () => {},
      }),
      since: through,
    });
    await restarted.tick(new Date(TO));
    expect(new Set(delivered)).toEqual(expectedKeys(fleet, FROM, TO, LAST_MIDNIGHT));
  });

  it('snapshot and restore keep cursors and valve states', async () => {
    const transport = new MemoryTransport();
    const a = new Simulator(fleet, keysFor(fleet), { transport: transport.factory });
    await a.backfill(new Date(FROM), new Date(FROM + 4 * HOUR_MS));
    const valveMeter = fleet.meters.find((m) => m.valveCapable)!;
    a.model.setValve(valveMeter.meterNo, 'closed', new Date(FROM + 2 * HOUR_MS));
    const state = JSON.parse(JSON.stringify(a.snapshot()));
    const b = new Simulator(fleet, keysFor(fleet), { transport: new MemoryTransport().factory });
    b.restore(state);
    expect(b.sentThrough()).toEqual(a.sentThrough());
    expect(b.model.valveAt(valveMeter.meterNo, FROM + 3 * HOUR_MS)).toBe('closed');
    expect(b.model.counterAt(valveMeter, FROM + 9 * HOUR_MS)).toBe(
      a.model.counterAt(valveMeter, FROM + 9 * HOUR_MS),
    );
  });
});

describe('Simulator commands', () => {
  const valveMeter = fleet.meters.find(
    (m) => m.valveCapable && !m.vacant && m.pattern === 'hourly' && m.dailyM3 > 0.2,
  )!;
  const noValve = fleet.meters.find((m) => m.role === 'household' && !m.valveCapable)!;
  const command = (meterNo: string, kind: 'valveOpen' | 'valveClose' | 'keyUpdate', key?: string) => ({
    commandId: randomUUID(),
    meterNo,
    kind,
    deadline: new Date(FROM + DAY_MS).toISOString(),
    ...(key ? { key } : {}),
  });

  it('closes and opens valves at the current time, acknowledges, and readings show it', async () => {
    const transport = new MemoryTransport();
    let clock = FROM + 2 * HOUR_MS + 10 * 60_000;
    const simulator = new Simulator(fleet, keysFor(fleet), {
      transport: transport.factory,
      now: () => new Date(clock),
    });
    await simulator.backfill(new Date(FROM), new Date(clock));
    const close = command(valveMeter.meterNo, 'valveClose');
    const key = command(valveMeter.meterNo, 'keyUpdate', 'a1b2c3');
    const refused = command(noValve.meterNo, 'valveClose');
    const elsewhere = command(fleet.districts[1]!.householdMeterNos[0]!, 'valveOpen');
    transport.queue(valveMeter.district, close);
    transport.queue(valveMeter.district, key);
    transport.queue(noValve.district, refused);
    transport.queue(0, elsewhere);
    const stats = await simulator.pollAndAnswerCommands(1);
    expect(stats).toMatchObject({ received: 4, succeeded: 2, failed: 2, unanswered: 0, errors: 0 });
    const acks = new Map(transport.acks.map((a) => [a.commandId, a]));
    expect(acks.get(close.commandId)?.status).toBe('success');
    expect(acks.get(key.commandId)?.status).toBe('success');
    expect(acks.get(refused.commandId)).toMatchObject({ status: 'fail', detail: 'meter has no valve' });
    expect(acks.get(elsewhere.commandId)?.status).toBe('fail');
    expect(simulator.meterKeys.get(valveMeter.meterNo)).toBe('a1b2c3');
    expect(simulator.model.valveAt(valveMeter.meterNo, clock)).toBe('closed');

    const closedAt = clock;
    clock += 5 * HOUR_MS;
    await simulator.tick();
    const closedReadings = transport
      .readings()
      .filter((r) => r.meterNo === valveMeter.meterNo && Date.parse(r.ts) > closedAt);
    expect(closedReadings).toHaveLength(5);
    expect(closedReadings.every((r) => r.valve === 'closed')).toBe(true);
    expect(new Set(closedReadings.map((r) => r.total)).size).toBe(1);

    transport.queue(valveMeter.district, command(valveMeter.meterNo, 'valveOpen'));
    await simulator.pollAndAnswerCommands(1);
    clock += 12 * HOUR_MS;
    await simulator.tick();
    const reopened = transport
      .readings()
      .filter((r) => r.meterNo === valveMeter.meterNo && Date.parse(r.ts) > closedAt + 5 * HOUR_MS);
    expect(reopened.every((r) => r.valve === 'open')).toBe(true);
    expect(reopened.at(-1)!.total).toBeGreaterThan(closedReadings[0]!.total);
  });

  it('leaves commands unanswered or answers fail when told to', async () => {
    const silent = new MemoryTransport();
    const a = new Simulator(fleet, keysFor(fleet), { transport: silent.factory, commands: { noAnswer: 1 } });
    silent.queue(valveMeter.district, command(valveMeter.meterNo, 'valveClose'));
    expect(await a.pollAndAnswerCommands(1)).toMatchObject({ received: 1, unanswered: 1 });
    expect(silent.acks).toHaveLength(0);
    expect(a.model.valveAt(valveMeter.meterNo, Date.now() + HOUR_MS)).toBe('open');

    const failing = new MemoryTransport();
    const b = new Simulator(fleet, keysFor(fleet), { transport: failing.factory, commands: { fail: 1 } });
    failing.queue(valveMeter.district, command(valveMeter.meterNo, 'valveClose'));
    expect(await b.pollAndAnswerCommands(1)).toMatchObject({ received: 1, failed: 1 });
    expect(failing.acks[0]?.status).toBe('fail');
    expect(b.model.valveAt(valveMeter.meterNo, Date.now() + HOUR_MS)).toBe('open');

    // Probabilities in between: deterministic and roughly as asked.
    const mixed = new MemoryTransport();
    const c = new Simulator(fleet, keysFor(fleet), {
      transport: mixed.factory,
      commands: { noAnswer: 0.3, seed: 5 },
    });
    for (let i = 0; i < 200; i++)
      mixed.queue(0, command(fleet.districts[0]!.householdMeterNos[0]!, 'keyUpdate', `k${i}`));
    const stats = await c.pollAndAnswerCommands(1);
    expect(stats.unanswered).toBeGreaterThan(40);
    expect(stats.unanswered).toBeLessThan(80);
    expect(stats.unanswered + stats.succeeded).toBe(200);
  });
});

describe('live mode', () => {
  it('reports on an accelerated cadence and polls commands until stopped', async () => {
    const transport = new MemoryTransport();
    const simulator = new Simulator(fleet, keysFor(fleet), {
      transport: transport.factory,
      speed: 1800,
      since: new Date(),
      commands: { waitSeconds: 0 },
    });
    simulator.start({ intervalMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 2600));
    await simulator.stop();
    const readings = transport.readings();
    const hourly = fleet.meters.filter((m) => m.pattern === 'hourly');
    // Every 2 s (1 h / 1800) each hourly meter reports: at least one reading each.
    for (const m of hourly) expect(readings.some((r) => r.meterNo === m.meterNo)).toBe(true);
    expect(readings.every((r) => Math.abs(Date.parse(r.ts) - Date.now()) < 10_000)).toBe(true);
    expect(new Set(transport.polls)).toEqual(new Set([0, 1, 2]));
    const count = transport.batches.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(transport.batches.length).toBe(count);
    expect(simulator.isRunning).toBe(false);
  });
});

describe('runDemoFleet', () => {
  it('backfills, goes live, survives server errors and stops on abort', async () => {
    let failures = 0;
    const { server: s, stored } = await ingestServer((request) =>
      request.method === 'POST' && failures++ < 3 ? { status: 503 } : undefined,
    );
    const lines: string[] = [];
    const controller = new AbortController();
    const now = Date.now();
    const running = runDemoFleet({
      baseUrl: s.url,
      keys: { gateways: fleet.districts.map((d) => ({ district: d.index, key: `key-${d.index}` })) },
      backfillDays: 2,
      signal: controller.signal,
      log: (line) => lines.push(line),
      intervalMs: 200,
      simulator: { resendDelayMs: 5, client: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2 } },
    });
    const deadline = Date.now() + 20_000;
    while (!lines.some((l) => l.startsWith('live:')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    controller.abort();
    await expect(running).resolves.toBeUndefined();
    expect(lines.some((l) => /backfill done/.test(l))).toBe(true);
    expect(lines.some((l) => /not delivered yet/.test(l))).toBe(true);
    const sent = [...stored.values()].flatMap((b) => b.readings);
    const keys = sent.map(readingKey);
    expect(keys.length).toBe(new Set(keys).size);
    // Two days of hourly meters at least (daily meters upload the full days only).
    const hourly = fleet.meters.filter((m) => m.pattern === 'hourly').length;
    expect(sent.length).toBeGreaterThanOrEqual(hourly * 47);
    expect(Math.min(...sent.map((r) => Date.parse(r.ts)))).toBeGreaterThan(now - 2 * DAY_MS - 1000);
  });

  it('resumes from since and refuses malformed keys', async () => {
    const { server: s, stored } = await ingestServer();
    const controller = new AbortController();
    const since = new Date(Date.now() - 3 * HOUR_MS);
    const running = runDemoFleet({
      baseUrl: s.url,
      keys: [{ district: 2, key: 'key-2' }],
      since,
      signal: controller.signal,
      log: (line) => {
        if (line.startsWith('live:')) controller.abort();
      },
    });
    await running;
    const sent = [...stored.values()].flatMap((b) => b.readings);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => meterDistrict.get(r.meterNo) === 2)).toBe(true);
    expect(sent.every((r) => Date.parse(r.ts) > since.getTime())).toBe(true);
    await expect(runDemoFleet({ baseUrl: s.url, keys: [{ district: 0 }] as never })).rejects.toThrow(
      /needs a key/,
    );
  });
});
