import { randomUUID } from 'node:crypto';
import { gatewayReadingSchema, type ReadingBatch } from '@hydrolog/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient, GatewayError, parseRetryAfter } from '../src/gateway-client.ts';
import { type FakeServer, type ScriptedAnswer, startFakeServer } from './fake-server.ts';

const batch = (): ReadingBatch => ({
  batchId: randomUUID(),
  readings: [
    {
      meterNo: '1000000001',
      ts: '2026-03-01T08:00:00+08:00',
      total: 12.345,
      battery: 3.58,
      signal: 21,
      valve: 'open',
    },
    { meterNo: '9000000001', ts: '2026-03-01T08:00:18+08:00', total: 50123.4, flow: 1.93, pressure: 0.29 },
  ],
});
const ANSWER = { accepted: 2, duplicates: 0, rejected: [], position: '42' };

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answers: ScriptedAnswer[]): Promise<FakeServer> {
  server = await startFakeServer((_req, i) => answers[Math.min(i, answers.length - 1)]!);
  return server;
}

describe('GatewayClient.sendReadings', () => {
  it('posts JSON with the gateway key and returns the 202 answer', async () => {
    const s = await serve([{ status: 202, body: ANSWER }]);
    const b = batch();
    const answer = await new GatewayClient({ baseUrl: `${s.url}/`, key: 'gw-key-1' }).sendReadings(b);
    expect(answer).toEqual(ANSWER);
    expect(s.requests).toHaveLength(1);
    const [req] = s.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/ingest/v1/readings');
    expect(req?.headers.authorization).toBe('Bearer gw-key-1');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual(b);
  });

  it('sends NDJSON with the batch id in Idempotency-Key, one reading per line', async () => {
    const s = await serve([{ status: 202, body: ANSWER }]);
    const b = batch();
    await new GatewayClient({ baseUrl: s.url, key: 'k' }).sendReadings(b, { format: 'ndjson' });
    const [req] = s.requests;
    expect(req?.headers['content-type']).toBe('application/x-ndjson');
    expect(req?.headers['idempotency-key']).toBe(b.batchId);
    const lines = req!.body.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    const readings = lines.map((l) => gatewayReadingSchema.parse(JSON.parse(l)));
    expect(readings).toEqual(b.readings);
  });

  it('retries a 429 with the same batch id after Retry-After', async () => {
    const s = await serve([
      { status: 429, body: { code: 429, msg: 'behind' }, headers: { 'retry-after': '1' } },
      { status: 202, body: ANSWER },
    ]);
    const b = batch();
    const started = Date.now();
    const answer = await new GatewayClient({ baseUrl: s.url, key: 'k', baseDelayMs: 1 }).sendReadings(b);
    const elapsed = Date.now() - started;
    expect(answer).toEqual(ANSWER);
    expect(s.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    const ids = s.requests.map((r) => JSON.parse(r.body).batchId);
    expect(ids).toEqual([b.batchId, b.batchId]);
    expect(s.requests[1]?.body).toBe(s.requests[0]?.body);
  });

  it('retries 503 and network errors with exponential backoff and the same body', async () => {
    const s = await serve([
      { status: 503 },
      { status: 0, destroy: true },
      { status: 502 },
      { status: 202, body: ANSWER },
    ]);
    const delays: number[] = [];
    const retries: (number | undefined)[] = [];
    const client = new GatewayClient({
      baseUrl: s.url,
      key: 'k',
      baseDelayMs: 100,
      maxDelayMs: 250,
      random: () => 1,
      sleep: async (ms) => {
        delays.push(ms);
      },
      onRetry: (info) => retries.push(info.status),
    });
    const b = batch();
    expect(await client.sendReadings(b, { format: 'ndjson' })).toEqual(ANSWER);
    expect(s.requests).toHaveLength(4);
    expect(new Set(s.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set([b.batchId]));
    expect(new Set(s.requests.map((r) => r.body)).size).toBe(1);
    expect(delays).toEqual([100, 200, 250]);
    expect(retries).toEqual([503, undefined, 502]);
  });

  it('fails fast on 400 with the server message, without retrying', async () => {
    const s = await serve([
      {
        status: 400,
        body: { code: 400, msg: 'bad readings', errors: [{ path: 'readings.0.ts', msg: 'x' }] },
      },
    ]);
    const error = await new GatewayClient({ baseUrl: s.url, key: 'k', baseDelayMs: 1 })
      .sendReadings(batch())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(400);
    expect((error as GatewayError).retryable).toBe(false);
    expect((error as GatewayError).message).toMatch(/HTTP 400 bad readings/);
    expect(s.requests).toHaveLength(1);
  });

  it('gives up after maxAttempts with a retryable error', async () => {
    const s = await serve([{ status: 500 }]);
    const client = new GatewayClient({ baseUrl: s.url, key: 'k', maxAttempts: 3, sleep: async () => {} });
    const error = (await client.sendReadings(batch()).catch((e: unknown) => e)) as GatewayError;
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.retryable).toBe(true);
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(/gave up after 3 attempts/);
    expect(s.requests).toHaveLength(3);
  });

  it('stops waiting when its signal aborts', async () => {
    const s = await serve([{ status: 429, headers: { 'retry-after': '30' } }]);
    const controller = new AbortController();
    const sending = new GatewayClient({ baseUrl: s.url, key: 'k' }).sendReadings(batch(), {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(sending).rejects.toThrow('stop');
    expect(s.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(null)).toBeUndefined();
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(parseRetryAfter('Sun, 01 Mar 2026 00:00:05 GMT', now)).toBe(5000);
  });
});

describe('GatewayClient commands', () => {
  it('long-polls commands and acknowledges them', async () => {
    const commandId = randomUUID();
    const command = {
      commandId,
      meterNo: '1000000001',
      kind: 'valveClose',
      deadline: '2026-03-01T00:05:00.000Z',
    };
    server = await startFakeServer((req) =>
      req.method === 'GET'
        ? { status: 200, body: { commands: [command] } }
        : { status: 200, body: { code: 200 } },
    );
    const client = new GatewayClient({ baseUrl: server.url, key: 'gw' });
    expect(await client.pollCommands(45)).toEqual([command]);
    await client.ack(commandId, 'fail', 'meter did not respond');
    const [poll, ack] = server.requests;
    expect(poll?.url).toBe('/ingest/v1/commands?wait=30');
    expect(poll?.headers.authorization).toBe('Bearer gw');
    expect(ack?.method).toBe('POST');
    expect(ack?.url).toBe(`/ingest/v1/commands/${commandId}/ack`);
    expect(JSON.parse(ack?.body ?? '')).toEqual({ status: 'fail', detail: 'meter did not respond' });
  });

  it('refuses a malformed command list', async () => {
    server = await startFakeServer(() => ({ status: 200, body: { commands: [{ meterNo: 1 }] } }));
    await expect(new GatewayClient({ baseUrl: server.url, key: 'gw' }).pollCommands(1)).rejects.toThrow(
      /malformed downlink command/,
    );
  });
});
