/**
 * A gateway's side of the ingest protocol (`/ingest/v1`): upload reading batches (JSON or NDJSON) with retries
 * that reuse the batch id, long-poll downlink commands and acknowledge them.
 */
import {
  COMMAND_WAIT_MAX_SECONDS,
  type DownlinkCommand,
  downlinkCommandSchema,
  INGEST_CONTENT_TYPES,
  type IngestAnswer,
  ingestAnswerSchema,
  type ReadingBatch,
} from '@hydrolog/schemas';
import { linkedSignal, sleep } from './time.ts';

export type BatchFormat = 'json' | 'ndjson';

export interface RetryInfo {
  /** The attempt that failed (1-based). */
  attempt: number;
  /** HTTP status, when there was an answer. */
  status?: number;
  error?: unknown;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  what: string;
}

export interface GatewayClientOptions {
  /** Base URL of the service, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The gateway key, sent as `Authorization: Bearer <key>`. */
  key: string;
  fetch?: typeof fetch;
  /** Attempts per request before giving up with a retryable GatewayError (default 8). */
  maxAttempts?: number;
  /** First backoff delay (default 500 ms); doubles per attempt. */
  baseDelayMs?: number;
  /** Cap of the exponential backoff (default 30 s). */
  maxDelayMs?: number;
  /** Cap on a server's Retry-After (default 300 s). */
  maxRetryAfterMs?: number;
  /** Time allowed for one request (default 120 s; long polls get their wait on top). */
  requestTimeoutMs?: number;
  /** Called before each retry, e.g. to log it. */
  onRetry?: (info: RetryInfo) => void;
  /** Injectable sleep (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1) for backoff (default Math.random; tests pass () => 0.5). */
  random?: () => number;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface SendOptions extends RequestOptions {
  format?: BatchFormat;
}

/** An answer the client cannot use: `retryable` tells whether sending the same request later may succeed. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** The parsed error body (`{code, msg, errors}`) or its text. */
    readonly body?: unknown,
    readonly attempts = 1,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The body of a command's acknowledgement, over HTTP or MQTT (a detail holds 500 characters). */
export function ackBody(status: 'success' | 'fail', detail?: string) {
  return detail === undefined ? { status } : { status, detail: detail.slice(0, 500) };
}

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Retry-After as seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(body: unknown): string {
  if (body && typeof body === 'object') {
    const { code, msg, errors } = body as { code?: unknown; msg?: unknown; errors?: unknown };
    const parts = [msg, code !== undefined ? `code ${String(code)}` : undefined].filter(Boolean);
    if (errors !== undefined) parts.push(JSON.stringify(errors).slice(0, 300));
    if (parts.length > 0) return parts.join(', ');
  }
  return typeof body === 'string' ? body.slice(0, 300) : '';
}

export class GatewayClient {
  readonly baseUrl: string;
  private readonly key: string;
  private readonly fetchFn: typeof fetch;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly requestTimeoutMs: number;
  private readonly onRetry: ((info: RetryInfo) => void) | undefined;
  private readonly sleepFn: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(options: GatewayClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.key = options.key;
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 8);
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 120_000;
    this.onRetry = options.onRetry;
    this.sleepFn = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
  }

  /**
   * Uploads one batch and returns the 202 answer. 429 (after its Retry-After), 5xx and network errors are retried
   * with the same batch id, so a batch the server already stored is answered again and appended once.
   * Other 4xx answers throw a non-retryable GatewayError at once; running out of attempts throws a retryable one.
   */
  async sendReadings(batch: ReadingBatch, options: SendOptions = {}): Promise<IngestAnswer> {
    const format = options.format ?? 'json';
    const headers: Record<string, string> = { 'content-type': INGEST_CONTENT_TYPES[format] };
    let body: string;
    if (format === 'ndjson') {
      headers['idempotency-key'] = batch.batchId;
      body = `${batch.readings.map((r) => JSON.stringify(r)).join('\n')}\n`;
    } else {
      body = JSON.stringify({ batchId: batch.batchId, readings: batch.readings });
    }
    const what = `batch ${batch.batchId} (${batch.readings.length} readings)`;
    const answer = await this.request('POST', '/ingest/v1/readings', {
      headers,
      body,
      what,
      signal: options.signal,
    });
    const parsed = ingestAnswerSchema.safeParse(answer);
    if (!parsed.success) {
      throw new GatewayError(`unexpected answer to ${what}: ${JSON.stringify(answer)?.slice(0, 300)}`, false);
    }
    return parsed.data;
  }

  /** Long-polls for downlink commands addressed to this gateway (wait is clamped to 0-30 s). */
  async pollCommands(waitSeconds: number, options: RequestOptions = {}): Promise<DownlinkCommand[]> {
    const wait = Math.max(0, Math.min(COMMAND_WAIT_MAX_SECONDS, Math.floor(waitSeconds)));
    const answer = await this.request('GET', `/ingest/v1/commands?wait=${wait}`, {
      what: 'command poll',
      signal: options.signal,
      extraTimeoutMs: wait * 1000,
    });
    const commands = (answer as { commands?: unknown } | undefined)?.commands;
    if (!Array.isArray(commands)) {
      throw new GatewayError(
        `unexpected answer to a command poll: ${JSON.stringify(answer)?.slice(0, 300)}`,
        false,
      );
    }
    return commands.map((c) => {
      const parsed = downlinkCommandSchema.safeParse(c);
      if (!parsed.success) throw new GatewayError(`malformed downlink command: ${JSON.stringify(c)}`, false);
      return parsed.data;
    });
  }

  /** Acknowledges a command: the meter carried it out ('success') or not ('fail'). */
  async ack(
    commandId: string,
    status: 'success' | 'fail',
    detail?: string,
    options: RequestOptions = {},
  ): Promise<void> {
    const body = JSON.stringify(ackBody(status, detail));
    await this.request('POST', `/ingest/v1/commands/${encodeURIComponent(commandId)}/ack`, {
      headers: { 'content-type': 'application/json' },
      body,
      what: `ack of command ${commandId}`,
      signal: options.signal,
    });
  }

  private backoff(attempt: number): number {
    const full = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(full / 2 + (full / 2) * this.random());
  }

  private async request(
    method: string,
    path: string,
    init: {
      headers?: Record<string, string>;
      body?: string;
      what: string;
      signal?: AbortSignal | undefined;
      extraTimeoutMs?: number;
    },
  ): Promise<unknown> {
    const url = `${this.baseUrl}${path}`;
    const headers = { authorization: `Bearer ${this.key}`, accept: 'application/json', ...init.headers };
    let lastError: GatewayError | undefined;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      init.signal?.throwIfAborted();
      const { signal, dispose } = linkedSignal(
        [init.signal],
        this.requestTimeoutMs + (init.extraTimeoutMs ?? 0),
      );
      let delayMs: number;
      let status: number | undefined;
      let error: unknown;
      try {
        const response = await this.fetchFn(url, { method, headers, body: init.body, signal });
        status = response.status;
        if (response.ok) return await readBody(response);
        const body = await readBody(response);
        const detail = describe(body);
        const message = `${init.what}: HTTP ${response.status}${detail ? ` ${detail}` : ''}`;
        if (!RETRYABLE_STATUS.has(response.status)) {
          throw new GatewayError(message, false, response.status, body, attempt);
        }
        lastError = new GatewayError(message, true, response.status, body, attempt);
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        delayMs =
          retryAfter !== undefined ? Math.min(retryAfter, this.maxRetryAfterMs) : this.backoff(attempt);
      } catch (caught) {
        if (caught instanceof GatewayError) throw caught;
        if (init.signal?.aborted) throw init.signal.reason ?? caught;
        error = caught;
        const reason =
          caught instanceof Error ? (caught.cause instanceof Error ? caught.cause : caught) : caught;
        const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
        lastError = new GatewayError(`${init.what}: ${text}`, true, undefined, undefined, attempt, {
          cause: caught,
        });
        delayMs = this.backoff(attempt);
      } finally {
        dispose();
      }
      if (attempt === this.maxAttempts) break;
      this.onRetry?.({ attempt, status, error, delayMs, what: init.what });
      await this.sleepFn(delayMs, init.signal);
    }
    const last = lastError ?? new GatewayError(`${init.what}: failed`, true);
    throw new GatewayError(
      `${last.message} (gave up after ${this.maxAttempts} attempts)`,
      true,
      last.status,
      last.body,
      this.maxAttempts,
      { cause: last.cause },
    );
  }
}
