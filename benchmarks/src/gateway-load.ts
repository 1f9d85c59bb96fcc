// The gateways' side of the ingest benchmark: hourly readings made batch by batch and uploaded, several
// in flight. It runs in a process of its own, as gateways are machines of their own: making and encoding
// the uploads is not the service's work, and on one thread with the service it took about a seventh of
// that thread's time in the log-only pass.

import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodeReadingsArrow } from '@hydrolog/ingest';
import { type GatewayReading, type IngestAnswer, uuidv7 } from '@hydrolog/schemas';
import { MqttGatewayClient } from '@hydrolog/sim';

export const BATCH = 1000;
const IN_FLIGHT = 4;
export const HOUR_MS = 3_600_000;
export const FIRST_METER_NO = 200_000;

/** Counter of meter m at hour h, m3: rises steadily at a rate of its own (rounded to litres). */
export function counter(m: number, h: number): number {
  return Math.round(((m % 97) * 1.5 + h * (0.004 + (m % 13) * 0.001)) * 1000) / 1000;
}

/**
 * Hourly readings of every meter going forward in time (hour by hour, the meters of an hour in turn), in
 * batches of BATCH readings made one at a time as they are sent: nothing holds more than the batches in
 * flight, whatever the number of readings.
 */
export function* readingBatches(
  readings: number,
  meterNos: readonly string[],
  firstHour: number,
): Generator<{ meterNo: string; ts: string; total: number }[]> {
  for (let i = 0; i < readings; i += BATCH) {
    const batch = [];
    for (let k = i; k < Math.min(readings, i + BATCH); k++) {
      const h = Math.floor(k / meterNos.length);
      const m = k % meterNos.length;
      batch.push({
        meterNo: meterNos[m]!,
        ts: new Date(firstHour + h * HOUR_MS).toISOString(),
        total: counter(m, h),
      });
    }
    yield batch;
  }
}

/** An upload's body as sent: serialised JSON, or an Arrow IPC stream whose batch id travels as Idempotency-Key. */
export type UploadBody = string | { arrow: Uint8Array; batchId: string };

/**
 * POST /ingest/v1/readings; retries on 429 after Retry-After. Resolves to the answer and how many 429s were
 * met.
 */
export async function upload(
  url: string,
  key: string,
  body: UploadBody,
): Promise<{ answer: IngestAnswer; pushedBack: number }> {
  const request: { headers: Record<string, string>; body: string | Uint8Array } =
    typeof body === 'string'
      ? { headers: { 'content-type': 'application/json' }, body }
      : {
          headers: { 'content-type': 'application/vnd.apache.arrow.stream', 'idempotency-key': body.batchId },
          body: body.arrow,
        };
  let pushedBack = 0;
  for (;;) {
    const response = await fetch(`${url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...request.headers },
      body: request.body,
    });
    const text = await response.text();
    if (response.status === 202) return { answer: JSON.parse(text) as IngestAnswer, pushedBack };
    if (response.status === 429) {
      pushedBack++;
      const seconds = Number(response.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 1) * 1000));
      continue;
    }
    throw new Error(`upload answered ${response.status}: ${text.slice(0, 500)}`);
  }
}

/** What the gateways upload, and where. */
export interface GatewayLoad {
  transport: 'http' | 'mqtt';
  format: 'json' | 'arrow';
  /** http://… of the service, or mqtt://… of its broker for the mqtt transport */
  url: string;
  gatewayId: string;
  gatewayKey: string;
  readings: number;
  meterNos: readonly string[];
  firstHour: number;
}

export interface GatewayLoadResult {
  accepted: number;
  /** batches pushed back (429) and sent again */
  pushedBack: number;
  /** each upload's milliseconds, in the order they were answered */
  latencies: number[];
}

/** A gateway's uploads over one transport, counting the batches pushed back (429) and sent again. */
interface Uploader {
  send(batchId: string, readings: GatewayReading[]): Promise<IngestAnswer>;
  readonly pushedBack: number;
  close(): Promise<void>;
}

function httpUploader({ url, gatewayKey, format }: GatewayLoad): Uploader {
  const uploader = {
    pushedBack: 0,
    async send(batchId: string, readings: GatewayReading[]) {
      const body =
        format === 'arrow'
          ? { arrow: encodeReadingsArrow(readings), batchId }
          : JSON.stringify({ batchId, readings });
      const result = await upload(url, gatewayKey, body);
      uploader.pushedBack += result.pushedBack;
      return result.answer;
    },
    close: async () => {},
  };
  return uploader;
}

/** One MQTT connection to the embedded broker (the simulator's gateway client), its batches in flight at once. */
function mqttUploader({ url, gatewayId, gatewayKey }: GatewayLoad): Uploader {
  const client = new MqttGatewayClient({
    url,
    gatewayId,
    key: gatewayKey,
    onRetry: ({ status }) => {
      if (status === 429) uploader.pushedBack++;
    },
  });
  const uploader = {
    pushedBack: 0,
    send: (batchId: string, readings: GatewayReading[]) => client.sendReadings({ batchId, readings }),
    close: () => client.close(),
  };
  return uploader;
}

/** Sends the load's batches, IN_FLIGHT at a time, in this process. */
async function sendLoad(load: GatewayLoad): Promise<GatewayLoadResult> {
  const uploader = load.transport === 'mqtt' ? mqttUploader(load) : httpUploader(load);
  const batches = readingBatches(load.readings, load.meterNos, load.firstHour);
  const latencies: number[] = [];
  let accepted = 0;
  try {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let next = batches.next(); !next.done; next = batches.next()) {
          const started = performance.now();
          const answer = await uploader.send(uuidv7(), next.value);
          latencies.push(performance.now() - started);
          accepted += answer.accepted;
        }
      }),
    );
  } finally {
    await uploader.close();
  }
  return { accepted, pushedBack: uploader.pushedBack, latencies };
}

/** The gateways: a child process (this module run on its own) that sends each load it is given. */
export interface Gateways {
  /** Resolves once the whole load has been answered. */
  send(load: GatewayLoad): Promise<GatewayLoadResult>;
  close(): void;
}

type GatewayMessage = { ready: true } | { result: GatewayLoadResult } | { error: string };

/** Starts the gateways' process and resolves once it is ready, so that no timed load pays for its start. */
export function startGateways(): Promise<Gateways> {
  // The child runs under the same loader (tsx) as this process: fork passes process.execArgv on.
  const child = fork(fileURLToPath(import.meta.url));
  let waiting: { resolve(message: GatewayMessage): void; reject(error: Error): void } | undefined;
  const next = () =>
    new Promise<GatewayMessage>((resolve, reject) => {
      waiting = { resolve, reject };
    });
  child.on('message', (message: GatewayMessage) => waiting?.resolve(message));
  child.on('exit', (code) => waiting?.reject(new Error(`the gateways' process exited with ${code}`)));
  const gateways: Gateways = {
    async send(load) {
      const answered = next();
      child.send(load);
      const message = await answered;
      if ('result' in message) return message.result;
      throw new Error('error' in message ? message.error : 'the gateways answered out of turn');
    },
    close: () => child.kill(),
  };
  return next().then(() => gateways);
}

const runOnItsOwn = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runOnItsOwn && process.send) {
  process.on('message', (load: GatewayLoad) => {
    sendLoad(load).then(
      (result) => process.send!({ result }),
      (error: Error) => process.send!({ error: error.stack ?? String(error) }),
    );
  });
  process.send({ ready: true });
}
