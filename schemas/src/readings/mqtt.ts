/**
 * The gateway protocol over MQTT (README "Gateway protocol", MQTT): each gateway's topics under
 * `hydrolog/gateways/<gatewayId>/`, and the replies the service publishes, which carry the HTTP status and
 * body the same request gets from `/ingest/v1`.
 */

export const MQTT_TOPIC_ROOT = 'hydrolog/gateways';
/** The shared subscription group the service's instances split an external broker's messages in. */
export const MQTT_SHARE_GROUP = 'hydrolog';
/** The MQTT 5 user property carrying the gateway key to an external broker's subscriber. */
export const MQTT_KEY_PROPERTY = 'key';
/** The MQTT 5 user property naming the language of error messages (HTTP's Content-Language). */
export const MQTT_LANGUAGE_PROPERTY = 'content-language';

export function gatewayTopics(gatewayId: string) {
  const base = `${MQTT_TOPIC_ROOT}/${gatewayId}`;
  return {
    /** Up: a readings batch, the body of `POST /ingest/v1/readings` in JSON. */
    readings: `${base}/readings`,
    /** Down: the answer to each readings batch and command acknowledgement. */
    replies: `${base}/replies`,
    /** Down: `{ "commands": [...] }`, the body of `GET /ingest/v1/commands`. */
    commands: `${base}/commands`,
    /** Up: asks for the pending commands at once (any payload). */
    take: `${base}/commands/take`,
    /** Up: the body of `POST /ingest/v1/commands/{commandId}/ack`. */
    ack: (commandId: string) => `${base}/commands/${commandId}/ack`,
  };
}

/** A gateway's request, read from the topic it was published to. */
export type GatewayRequest =
  | { gatewayId: string; kind: 'readings' }
  | { gatewayId: string; kind: 'take' }
  | { gatewayId: string; kind: 'ack'; commandId: string };

export function parseGatewayTopic(topic: string): GatewayRequest | null {
  const [root, gateways, gatewayId, ...rest] = topic.split('/');
  if (`${root}/${gateways}` !== MQTT_TOPIC_ROOT || !gatewayId) return null;
  const path = rest.join('/');
  if (path === 'readings') return { gatewayId, kind: 'readings' };
  if (path === 'commands/take') return { gatewayId, kind: 'take' };
  if (rest.length === 3 && rest[0] === 'commands' && rest[2] === 'ack' && rest[1])
    return { gatewayId, kind: 'ack', commandId: rest[1] };
  return null;
}

/** An answer on the replies topic: the HTTP status and body the same request gets over HTTP. */
export interface MqttReply {
  status: number;
  body: unknown;
  /** The batch answered (when the payload named one). */
  batchId?: string;
  /** The command acknowledged. */
  commandId?: string;
  /** With 429: the seconds to wait before sending the same batch again (HTTP's Retry-After). */
  retryAfter?: number;
}
