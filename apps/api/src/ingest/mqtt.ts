import type { RecordedEvent } from '@hydrolog/eventstore';
import {
  decodeReadingBatch,
  EmbeddedMqttBroker,
  ExternalMqttSubscriber,
  type GatewayHandlers,
  IngestRequestError,
} from '@hydrolog/ingest';
import {
  commandAckBodySchema,
  INGEST_MAX_BYTES,
  type Language,
  type MqttReply,
  resolveLanguage,
  toFieldError,
  uuidv7,
} from '@hydrolog/schemas';
import { messagesIn } from '@hydrolog/schemas/messages/all';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MqttSettings } from '../config.ts';
import { failureIn, invalidIn } from '../http.ts';
import { busyAnswer, gatewayErrorAnswer } from './answers.ts';
import { authenticateGateway, type GatewayCaller } from './auth.ts';
import type { CommandDispatch } from './dispatch.ts';
import { isBusy, type ReadingReceiver } from './receive-readings.ts';

export interface GatewayMqtt {
  /** The embedded broker's port; null when the service subscribes to an external broker. */
  port: number | null;
  close(): Promise<void>;
}

/** Between two checks of every connected gateway's key, for changes made by another process. */
const REVALIDATE_MS = 30_000;

/**
 * Starts MQTT for gateways: an external broker's subscriber when `url` is set, else the embedded broker
 * (none when `port` is null). A revoked or rotated key, or a suspended tenant, disconnects the embedded
 * broker's gateways at once.
 */
export async function startMqtt(
  settings: MqttSettings,
  receiver: ReadingReceiver,
  dispatch: CommandDispatch,
  log: FastifyBaseLogger,
): Promise<GatewayMqtt | null> {
  const handlers = gatewayHandlers(receiver, dispatch, log);
  if (settings.url) {
    const subscriber = await ExternalMqttSubscriber.connect(handlers, settings.url);
    return { port: null, close: () => subscriber.close() };
  }
  if (settings.port === null) return null;
  const broker = await EmbeddedMqttBroker.start(handlers, { port: settings.port, host: settings.host });
  let open = true;
  const revalidate = () => {
    if (open) broker.revalidate().catch((error) => log.error({ err: error }, 'mqtt: checking gateway keys'));
  };
  receiver.services.store.onAppend(async (events) => {
    if (!open) return;
    const affected = affectedGateways(events);
    if (!affected) return;
    broker.disconnectWhere(affected);
    // A gateway that connected again before the change was committed is checked once it is.
    setTimeout(revalidate, 1000).unref();
  });
  const timer = setInterval(revalidate, REVALIDATE_MS);
  timer.unref();
  return {
    port: broker.port,
    async close() {
      open = false;
      clearInterval(timer);
      await broker.close();
    },
  };
}

/** The gateways whose keys an append stops or changes (revoked, rotated, tenant suspended); null: none. */
function affectedGateways(events: readonly RecordedEvent[]): ((gateway: GatewayCaller) => boolean) | null {
  const gateways = new Set<string>();
  const tenants = new Set<string>();
  for (const event of events) {
    const data = event.data as { gatewayId?: string; tenantId?: string };
    if (event.type === 'GatewayRevoked' || event.type === 'GatewayKeyRotated') gateways.add(data.gatewayId!);
    if (event.type === 'TenantSuspended') tenants.add(data.tenantId!);
  }
  if (gateways.size === 0 && tenants.size === 0) return null;
  return (gateway) => gateways.has(gateway.gatewayId) || tenants.has(gateway.tenantId);
}

/** The batch id a refused payload names, when it can be read: the reply then names the batch it refuses. */
function batchIdOf(payload: Buffer): string | undefined {
  try {
    const { batchId } = JSON.parse(payload.toString('utf8')) as { batchId?: unknown };
    return typeof batchId === 'string' ? batchId : undefined;
  } catch {
    return undefined;
  }
}

/** The HTTP routes' use cases behind MQTT messages, answered with the HTTP statuses and bodies. */
function gatewayHandlers(
  receiver: ReadingReceiver,
  dispatch: CommandDispatch,
  log: FastifyBaseLogger,
): GatewayHandlers {
  const refusal = (error: unknown, language: Language): MqttReply => {
    const answer = gatewayErrorAnswer(error, language);
    if (answer) return answer;
    throw error;
  };
  return {
    authenticate: (key) => authenticateGateway(receiver.services, key),

    async readings(gateway, payload, languageName) {
      const language = resolveLanguage(languageName);
      if (payload.length > INGEST_MAX_BYTES)
        return {
          status: 413,
          body: failureIn(language, 'error.ingest.tooLarge', { max: INGEST_MAX_BYTES / 1024 / 1024 }, 413),
        };
      try {
        const batch = decodeReadingBatch('json', payload, undefined);
        const batchId = batch.batchId;
        // Decoded first (unlike HTTP) so that the push-back names the batch to send again.
        if (await isBusy(receiver)) return { ...busyAnswer(language), batchId };
        return { status: 202, body: await receiver.ingest.receive(gateway, batch), batchId };
      } catch (error) {
        const batchId = batchIdOf(payload);
        return { ...refusal(error, language), ...(batchId ? { batchId } : {}) };
      }
    },

    async acknowledge(gateway, commandId, payload, languageName) {
      const language = resolveLanguage(languageName);
      try {
        if (!z.uuid().safeParse(commandId).success)
          throw new IngestRequestError(400, 'error.command.notFound');
        let body: unknown;
        try {
          body = JSON.parse(payload.toString('utf8'));
        } catch (error) {
          throw new IngestRequestError(400, 'error.ingest.malformed', { detail: (error as Error).message });
        }
        const parsed = commandAckBodySchema.safeParse(body);
        if (!parsed.success) {
          const errors = parsed.error.issues.map((issue) => toFieldError(issue, messagesIn(language)));
          return { status: 400, body: invalidIn(language, errors), commandId };
        }
        await dispatch.acknowledge(gateway, commandId, parsed.data);
        return { status: 200, body: { commandId }, commandId };
      } catch (error) {
        return { ...refusal(error, language), commandId };
      }
    },

    take: (gateway, waitSeconds, abort) => dispatch.take(gateway, waitSeconds, abort),

    refused(reason, languageName) {
      const language = resolveLanguage(languageName);
      return reason === 'key'
        ? { status: 401, body: failureIn(language, 'error.gateway.key', {}, 401) }
        : { status: 403, body: failureIn(language, 'error.tenant.suspended', {}, 403) };
    },

    failed(error) {
      const correlationId = uuidv7();
      log.error({ err: error, correlationId }, 'mqtt: unexpected error');
      return {
        status: 500,
        body: failureIn(resolveLanguage(undefined), 'error.internal', { correlationId }, 500),
      };
    },
  };
}
