/**
 * A gateway's side of the ingest protocol over MQTT (README "Gateway protocol", MQTT): batches published to its
 * readings topic and answered on its replies topic, commands pushed to (or taken from) its commands topic, and
 * acknowledged on their ack topics. Resends a batch with the same id when pushed back, failed or unanswered.
 */
import {
  type DownlinkCommand,
  gatewayTopics,
  type IngestAnswer,
  ingestAnswerSchema,
  MQTT_KEY_PROPERTY,
  type MqttReply,
  type ReadingBatch,
} from '@hydrolog/schemas';
import { connectAsync, type IClientPublishOptions, type MqttClient } from 'mqtt';
import { ackBody, GatewayError, type RequestOptions, type SendOptions } from './gateway-client.ts';
import { sleep } from './time.ts';

export interface MqttGatewayClientOptions {
  /** The broker, e.g. `mqtt://127.0.0.1:1884`. */
  url: string;
  gatewayId: string;
  key: string;
  /**
   * An external broker (the service's MQTT_URL): MQTT 5, the key in each message's user property. Else the
   * service's embedded broker: MQTT 3.1.1, the key as the password.
   */
  external?: boolean;
  /** Attempts per request before giving up with a retryable GatewayError (default 8). */
  maxAttempts?: number;
  /** How long a request waits for its reply before it is sent again (default 60 s). */
  replyTimeoutMs?: number;
  /** Called before each resend, e.g. to log it. */
  onRetry?: (info: { attempt: number; status?: number; delayMs: number; what: string }) => void;
}

/** Statuses worth sending the same request again for (as over HTTP). */
const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/** A GatewayTransport over MQTT. */
export class MqttGatewayClient {
  private readonly topics: ReturnType<typeof gatewayTopics>;
  private connection: Promise<MqttClient> | undefined;
  /** Waiting requests by batch or command id. */
  private readonly waiting = new Map<string, (reply: MqttReply) => void>();
  /** Commands pushed while nobody polled. */
  private commands: DownlinkCommand[] = [];
  private commandArrived: (() => void) | undefined;

  constructor(private readonly options: MqttGatewayClientOptions) {
    this.topics = gatewayTopics(options.gatewayId);
  }

  async sendReadings(batch: ReadingBatch, options: SendOptions = {}): Promise<IngestAnswer> {
    const what = `batch ${batch.batchId} (${batch.readings.length} readings)`;
    const reply = await this.request(
      batch.batchId,
      this.topics.readings,
      { batchId: batch.batchId, readings: batch.readings },
      what,
      options.signal,
    );
    const parsed = ingestAnswerSchema.safeParse(reply.body);
    if (!parsed.success)
      throw new GatewayError(`unexpected answer to ${what}`, false, reply.status, reply.body);
    return parsed.data;
  }

  /** The commands pushed since the last call, or the first to come within `waitSeconds`. */
  async pollCommands(waitSeconds: number, options: RequestOptions = {}): Promise<DownlinkCommand[]> {
    const client = await this.connect();
    if (this.commands.length === 0) {
      const arrived = new Promise<void>((resolve) => {
        this.commandArrived = resolve;
      });
      // Through an external broker the service pushes nothing unasked.
      if (this.options.external) await client.publishAsync(this.topics.take, '{}', this.publishOptions());
      await Promise.race([arrived, sleep(waitSeconds * 1000, options.signal).catch(() => {})]);
    }
    const taken = this.commands;
    this.commands = [];
    return taken;
  }

  async ack(
    commandId: string,
    status: 'success' | 'fail',
    detail?: string,
    options: RequestOptions = {},
  ): Promise<void> {
    await this.request(
      commandId,
      this.topics.ack(commandId),
      ackBody(status, detail),
      `ack of command ${commandId}`,
      options.signal,
    );
  }

  async close(): Promise<void> {
    const client = await this.connection?.catch(() => undefined);
    await client?.endAsync();
  }

  private connect(): Promise<MqttClient> {
    this.connection ??= (async () => {
      const { url, gatewayId, key, external } = this.options;
      const client = await connectAsync(
        url,
        external
          ? { protocolVersion: 5, clientId: `sim-${gatewayId}` }
          : { protocolVersion: 4, clientId: `sim-${gatewayId}`, username: gatewayId, password: key },
      );
      client.on('message', (topic, payload) => this.received(topic, payload));
      await client.subscribeAsync([this.topics.replies, this.topics.commands], { qos: 1 });
      return client;
    })();
    return this.connection;
  }

  private received(topic: string, payload: Buffer): void {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (topic === this.topics.commands) {
      this.commands.push(...((message as { commands?: DownlinkCommand[] }).commands ?? []));
      this.commandArrived?.();
      return;
    }
    const reply = message as MqttReply;
    const id = reply.batchId ?? reply.commandId;
    if (id) this.waiting.get(id)?.(reply);
  }

  private publishOptions(): IClientPublishOptions {
    return {
      qos: 1,
      ...(this.options.external
        ? { properties: { userProperties: { [MQTT_KEY_PROPERTY]: this.options.key } } }
        : {}),
    };
  }

  /** Publishes until a reply other than a retryable one comes, waiting Retry-After or a backoff between. */
  private async request(
    id: string,
    topic: string,
    body: unknown,
    what: string,
    signal: AbortSignal | undefined,
  ): Promise<MqttReply> {
    const client = await this.connect();
    const attempts = Math.max(1, this.options.maxAttempts ?? 8);
    let last: MqttReply | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      signal?.throwIfAborted();
      const reply = new Promise<MqttReply | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), this.options.replyTimeoutMs ?? 60_000);
        this.waiting.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
      });
      await client.publishAsync(topic, JSON.stringify(body), this.publishOptions());
      last = await reply;
      this.waiting.delete(id);
      if (last && !RETRYABLE.has(last.status)) {
        if (last.status < 300) return last;
        throw new GatewayError(
          `${what}: ${last.status} ${JSON.stringify(last.body)}`,
          false,
          last.status,
          last.body,
        );
      }
      if (attempt === attempts) break;
      const delayMs =
        last?.retryAfter !== undefined ? last.retryAfter * 1000 : Math.min(30_000, 500 * 2 ** attempt);
      this.options.onRetry?.({ attempt, ...(last ? { status: last.status } : {}), delayMs, what });
      await sleep(delayMs, signal);
    }
    throw new GatewayError(
      `${what}: ${last ? `${last.status}` : 'no reply'} (gave up after ${attempts} attempts)`,
      true,
      last?.status,
      last?.body,
      attempts,
    );
  }
}
