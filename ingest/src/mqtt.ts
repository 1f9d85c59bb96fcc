import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import {
  COMMAND_WAIT_MAX_SECONDS,
  type DownlinkCommand,
  type GatewayRequest,
  gatewayTopics,
  MQTT_KEY_PROPERTY,
  MQTT_LANGUAGE_PROPERTY,
  MQTT_SHARE_GROUP,
  MQTT_TOPIC_ROOT,
  type MqttReply,
  parseGatewayTopic,
} from '@hydrolog/schemas';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { connectAsync, type IPublishPacket, type MqttClient } from 'mqtt';
import type { GatewayCaller } from './service.ts';

/**
 * MQTT for gateways (README "Gateway protocol"): the same requests as `/ingest/v1` over an embedded broker
 * (aedes) or an external one (`MQTT_URL`, a shared subscription). Each gateway has its own topics under
 * `hydrolog/gateways/<gatewayId>/`; the service answers what it receives on `replies` with the status and
 * body HTTP would answer, so checks, dedupe, durability and answers are the HTTP route's code path.
 */

/** The gateway a key names, or why it is refused: unknown or revoked (401), a suspended tenant (403). */
export type GatewayAuthentication = GatewayCaller | 'key' | 'suspended';

/** What the service does with gateway messages: the use cases of the HTTP routes. */
export interface GatewayHandlers {
  authenticate(key: string): Promise<GatewayAuthentication>;
  readings(gateway: GatewayCaller, payload: Buffer, language: string | undefined): Promise<MqttReply>;
  acknowledge(
    gateway: GatewayCaller,
    commandId: string,
    payload: Buffer,
    language: string | undefined,
  ): Promise<MqttReply>;
  /** The pending commands, marked sent; waits up to `waitSeconds` for one. */
  take(gateway: GatewayCaller, waitSeconds: number, abort: AbortSignal): Promise<DownlinkCommand[]>;
  /** The answer to a refused key or tenant. */
  refused(reason: 'key' | 'suspended', language: string | undefined): MqttReply;
  /** An unexpected failure (logged; the gateway sends the same batch again). */
  failed(error: unknown): MqttReply;
}

/** The reply to a readings batch or an acknowledgement (a take request is answered on the commands topic). */
async function answer(
  handlers: GatewayHandlers,
  request: GatewayRequest,
  gateway: GatewayCaller,
  payload: Buffer,
  language: string | undefined,
): Promise<MqttReply> {
  try {
    if (request.kind === 'ack')
      return await handlers.acknowledge(gateway, request.commandId, payload, language);
    return await handlers.readings(gateway, payload, language);
  } catch (error) {
    return handlers.failed(error);
  }
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value));

// ---- The embedded broker ------------------------------------------------------------------------------

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
}

interface Session {
  gateway: GatewayCaller;
  /** Kept to check it again when a gateway or tenant changes; never logged. */
  key: string;
  /** Stops the command pushes of the connection. */
  stop: AbortController;
  /** Whether its commands are pushed (it subscribed to its commands topic). */
  pushing: boolean;
}

/**
 * The broker in the service: a gateway connects with its key as the password (the username is not read)
 * over MQTT 3.1.1, publishes and subscribes only under its own topics, and is pushed its commands while it
 * is subscribed to its commands topic. A batch is answered, and its PUBACK sent, once it is durable.
 */
export class EmbeddedMqttBroker {
  private readonly sessions = new Map<Client, Session>();

  private constructor(
    private readonly handlers: GatewayHandlers,
    private readonly aedes: Aedes,
    private readonly server: Server,
  ) {}

  static async start(handlers: GatewayHandlers, options: EmbeddedBrokerOptions): Promise<EmbeddedMqttBroker> {
    let broker: EmbeddedMqttBroker | undefined;
    const aedes = await Aedes.createBroker({
      authenticate: (client, _username, password, done) => {
        broker!.authenticate(client, password).then(
          (error) => done(error, error === null),
          (error: Error) => done(Object.assign(error, { returnCode: 3 }) as AuthenticateError, false),
        );
      },
      authorizeSubscribe: (client, subscription, done) => {
        const topics = broker!.topicsOf(client);
        const own = topics && [topics.replies, topics.commands].includes(subscription.topic);
        // Refused with SUBACK 0x80; the connection stays.
        done(null, own ? subscription : null);
      },
      authorizePublish: (client, packet, done) => {
        if (!client) return done(null);
        broker!.received(client, packet.topic, packet.payload as Buffer).then(
          () => done(null),
          (error: Error) => done(error),
        );
      },
    });
    const server = createServer(aedes.handle);
    broker = new EmbeddedMqttBroker(handlers, aedes, server);
    aedes.on('subscribe', (subscriptions, client) => {
      const session = broker!.sessions.get(client);
      if (session && subscriptions.some((s) => s.topic === gatewayTopics(session.gateway.gatewayId).commands))
        broker!.pushCommands(client, session);
    });
    aedes.on('clientDisconnect', (client) => broker!.forget(client));
    aedes.on('clientError', (client) => broker!.forget(client));
    server.listen(options.port, options.host);
    await once(server, 'listening');
    return broker;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /**
   * Checks the key of every connected gateway `affected` names again, and disconnects those refused now:
   * a revoked or rotated key, a suspended tenant.
   */
  async revalidate(affected: (gateway: GatewayCaller) => boolean = () => true): Promise<void> {
    for (const [client, session] of this.sessions) {
      if (!affected(session.gateway)) continue;
      const now = await this.handlers.authenticate(session.key);
      if (typeof now === 'string' || now.gatewayId !== session.gateway.gatewayId) this.disconnect(client);
    }
  }

  /** Disconnects at once every gateway `affected` names (it may connect again if its key still works). */
  disconnectWhere(affected: (gateway: GatewayCaller) => boolean): void {
    for (const [client, session] of this.sessions) if (affected(session.gateway)) this.disconnect(client);
  }

  async close(): Promise<void> {
    for (const client of this.sessions.keys()) this.disconnect(client);
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async authenticate(
    client: Client,
    password: Buffer | undefined,
  ): Promise<AuthenticateError | null> {
    const result = password ? await this.handlers.authenticate(password.toString()) : 'key';
    if (typeof result === 'string') {
      // 4: bad user name or password; 5: not authorised (the tenant is suspended).
      const error = new Error(result === 'key' ? 'gateway key refused' : 'tenant suspended');
      return Object.assign(error, { returnCode: result === 'key' ? 4 : 5 }) as AuthenticateError;
    }
    this.sessions.set(client, {
      gateway: result,
      key: password!.toString(),
      stop: new AbortController(),
      pushing: false,
    });
    return null;
  }

  private topicsOf(client: Client) {
    const session = this.sessions.get(client);
    return session ? gatewayTopics(session.gateway.gatewayId) : null;
  }

  /** A publish: refused (the connection closes) outside the gateway's own topics; else handled first. */
  private async received(client: Client, topic: string, payload: Buffer): Promise<void> {
    const session = this.sessions.get(client);
    const request = parseGatewayTopic(topic);
    if (!session || request?.gatewayId !== session.gateway.gatewayId)
      throw new Error('publish outside the gateway topics');
    if (request.kind === 'take') {
      this.publishCommands(session, await this.handlers.take(session.gateway, 0, session.stop.signal));
      return;
    }
    const reply = await answer(this.handlers, request, session.gateway, payload, undefined);
    this.publish(gatewayTopics(session.gateway.gatewayId).replies, reply);
    // Not stored: no PUBACK (the connection closes), so the gateway's client sends it again.
    if (reply.status >= 500) throw new Error('request not handled');
  }

  /** Pushes the gateway's commands, as a long poll would take them, until it disconnects. */
  private pushCommands(client: Client, session: Session): void {
    if (session.pushing) return;
    session.pushing = true;
    void (async () => {
      while (!session.stop.signal.aborted && this.sessions.get(client) === session) {
        try {
          const commands = await this.handlers.take(
            session.gateway,
            COMMAND_WAIT_MAX_SECONDS,
            session.stop.signal,
          );
          if (commands.length > 0 && !session.stop.signal.aborted) this.publishCommands(session, commands);
        } catch (error) {
          this.handlers.failed(error);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    })();
  }

  private publishCommands(session: Session, commands: DownlinkCommand[]): void {
    this.publish(gatewayTopics(session.gateway.gatewayId).commands, { commands });
  }

  private publish(topic: string, body: unknown): void {
    this.aedes.publish(
      { cmd: 'publish', topic, payload: encode(body), qos: 1, retain: false, dup: false },
      () => {},
    );
  }

  private disconnect(client: Client): void {
    this.forget(client);
    client.close();
  }

  private forget(client: Client): void {
    this.sessions.get(client)?.stop.abort();
    this.sessions.delete(client);
  }
}

// ---- An external broker -------------------------------------------------------------------------------

/**
 * The service as a subscriber of an external broker (Mosquitto, EMQX): gateways authenticate to the broker
 * by its own means, so each message carries its gateway's key in the MQTT 5 user property `key`, and the
 * topic names the gateway. A message is acknowledged to the broker (PUBACK) only once handled, and the
 * instances of the service share the messages (`$share/hydrolog/...`).
 */
export class ExternalMqttSubscriber {
  private readonly stop = new AbortController();

  private constructor(
    private readonly handlers: GatewayHandlers,
    private readonly client: MqttClient,
  ) {}

  static async connect(handlers: GatewayHandlers, url: string): Promise<ExternalMqttSubscriber> {
    const client = await connectAsync(url, {
      protocolVersion: 5,
      clientId: `hydrolog-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
      clean: true,
      reconnectPeriod: 1000,
    });
    const subscriber = new ExternalMqttSubscriber(handlers, client);
    // PUBACK after the handler's callback: a batch is acknowledged to the broker once it is durable.
    client.handleMessage = (packet, callback) => {
      subscriber.received(packet).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    };
    const share = `$share/${MQTT_SHARE_GROUP}/${MQTT_TOPIC_ROOT}/+`;
    await client.subscribeAsync([`${share}/readings`, `${share}/commands/take`, `${share}/commands/+/ack`], {
      qos: 1,
    });
    return subscriber;
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.client.endAsync();
  }

  private async received(packet: IPublishPacket): Promise<void> {
    const request = parseGatewayTopic(packet.topic);
    if (!request) return;
    const properties = packet.properties?.userProperties ?? {};
    const property = (name: string) => {
      const value = properties[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const language = property(MQTT_LANGUAGE_PROPERTY);
    const key = property(MQTT_KEY_PROPERTY);
    const topics = gatewayTopics(request.gatewayId);
    const gateway = key ? await this.handlers.authenticate(key) : 'key';
    // A key of another gateway is as unknown as a wrong one: the topic's gateway is told, no more.
    if (typeof gateway === 'string' || gateway.gatewayId !== request.gatewayId) {
      const reason = typeof gateway === 'string' ? gateway : 'key';
      return this.publish(topics.replies, this.handlers.refused(reason, language));
    }
    if (request.kind === 'take') {
      const commands = await this.handlers.take(gateway, 0, this.stop.signal);
      return this.publish(topics.commands, { commands });
    }
    const payload = Buffer.from(packet.payload);
    this.publish(topics.replies, await answer(this.handlers, request, gateway, payload, language));
  }

  /**
   * Not awaited: the broker's PUBACK comes in on the connection that waits for this message's handler, so
   * waiting for it would wait forever. The client resends it until acknowledged.
   */
  private publish(topic: string, body: unknown): void {
    this.client.publish(topic, encode(body), { qos: 1 });
  }
}
