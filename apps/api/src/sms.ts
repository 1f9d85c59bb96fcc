import { DomainError } from '@hydrolog/domain';
import type { EventStore } from '@hydrolog/eventstore';
import { type EventMetadata, uuidv7 } from '@hydrolog/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { record } from './commands.ts';

/** A message to a person: a one-time code by text message or email. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** Phone number with its dial code, or email address. */
  to: string;
  text: string;
  /** The tenant the message is filed under (the platform's for people without an account yet). */
  metadata: EventMetadata;
}

/** Delivers messages. The service picks one at start from the environment (README, configuration). */
export interface MessageProvider {
  readonly name: string;
  send(message: OutgoingMessage, log: FastifyBaseLogger): Promise<void>;
}

/**
 * The default provider: every message is a `MessageQueued` event and a row of the outbox that platform
 * operators read (GET /system/msg/outbox/list); outside production the log prints the text, so that a
 * developer sees the code without opening the outbox.
 */
export class OutboxProvider implements MessageProvider {
  readonly name = 'outbox';

  constructor(
    private readonly store: EventStore,
    private readonly printText = process.env.NODE_ENV !== 'production',
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: OutgoingMessage, log: FastifyBaseLogger): Promise<void> {
    const messageId = uuidv7();
    const { channel, to, text, metadata } = message;
    await record(
      this.store,
      `outbox-${metadata.tenantId}`,
      { type: 'MessageQueued', data: { messageId, channel, to, text, at: this.now().toISOString() } },
      metadata,
    );
    // In production never the text: the code in it lets whoever reads the log act for the recipient.
    if (this.printText) log.info({ channel, messageId, to, text }, 'message queued in the outbox');
    else log.info({ channel, messageId }, 'message queued in the outbox');
  }
}

export interface HttpSmsSettings {
  /** SMS_HTTP_URL: the gateway's endpoint; it receives `POST {messageId, to, text}` as JSON. */
  url: string;
  /** SMS_HTTP_TOKEN: sent as `Authorization: Bearer <token>`. */
  token: string | undefined;
  timeoutMs?: number;
}

/**
 * Text messages through an HTTP SMS gateway; emails still go to the outbox (no mail provider yet).
 * A non-2xx answer, no answer or a timeout is refused with 'error.sms.sendFailed'.
 */
export class HttpSmsProvider implements MessageProvider {
  readonly name = 'http';

  constructor(
    private readonly settings: HttpSmsSettings,
    private readonly email: MessageProvider,
  ) {}

  async send(message: OutgoingMessage, log: FastifyBaseLogger): Promise<void> {
    if (message.channel !== 'sms') return this.email.send(message, log);
    const messageId = uuidv7();
    const response = await fetch(this.settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.settings.token ? { authorization: `Bearer ${this.settings.token}` } : {}),
      },
      body: JSON.stringify({ messageId, to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    }).catch((error: unknown) => {
      log.warn({ messageId, error: String(error) }, 'the SMS gateway cannot be reached');
      return null;
    });
    if (!response?.ok) {
      if (response) log.warn({ messageId, status: response.status }, 'the SMS gateway refused a message');
      throw new DomainError('error.sms.sendFailed');
    }
    log.info({ messageId }, 'message sent through the SMS gateway');
  }
}

/** The provider the configuration asks for: the HTTP gateway when SMS_HTTP_URL is set, else the outbox. */
export function messageProvider(
  store: EventStore,
  sms: { httpUrl: string | undefined; httpToken: string | undefined } | undefined,
  now?: () => Date,
): MessageProvider {
  const outbox = new OutboxProvider(store, undefined, now);
  return sms?.httpUrl ? new HttpSmsProvider({ url: sms.httpUrl, token: sms.httpToken }, outbox) : outbox;
}
