import { resolve } from 'node:path';
import type { KafkaSettings } from '@hydrolog/ingest';
import { DEFAULT_INGEST_HORIZON_DAYS, type MapProvider } from '@hydrolog/schemas';

export interface IngestSettings {
  /** Readings older than this many days are refused by row. */
  horizonDays: number;
  /**
   * Readings events the readings projection may be behind before uploads are pushed back (429); `Infinity`
   * never pushes back and counts nothing (benchmarks timing the projection or the log alone).
   */
  maxBacklog: number;
}

export const DEFAULT_INGEST_SETTINGS: IngestSettings = {
  horizonDays: DEFAULT_INGEST_HORIZON_DAYS,
  maxBacklog: 20_000,
};

/** Login attempts allowed per minute, from one address and from all together (0: no limit). */
export interface LoginLimits {
  perAddress: number;
  total: number;
}

/** MQTT for gateways (MQTT_PORT, MQTT_HOST, MQTT_URL). */
export interface MqttSettings {
  /** The embedded broker's port (0: any free one); null: no embedded broker. */
  port: number | null;
  host?: string;
  /** An external broker (Mosquitto, EMQX): the service subscribes there and embeds no broker. */
  url?: string | undefined;
}

/**
 * The embedded MQTT broker's port: not MQTT's usual 1883, which an installed Mosquitto often holds (the
 * development machines run one), so that `npm start` needs nothing freed or installed.
 */
export const DEFAULT_MQTT_PORT = 1884;

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAddress: 10, total: 120 };

/** Every setting of the service, from the environment (the README's table lists them). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL or TimescaleDB; without it the embedded PGlite keeps data in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** KurrentDB connection string: the log goes there, read models stay in the database. */
  eventStoreUrl: string | undefined;
  webDir: string;
  logLevel: string;
  ingest: IngestSettings;
  loginLimits: LoginLimits;
  /** Kafka between ingest and the log (KAFKA_BROKERS); absent: batches are appended directly. */
  kafka: KafkaSettings | undefined;
  /** MQTT for gateways: the embedded broker (MQTT_PORT, MQTT_HOST) or an external one (MQTT_URL). */
  mqtt: MqttSettings;
  /** Text messages through an HTTP SMS gateway (SMS_HTTP_URL, SMS_HTTP_TOKEN); absent: the outbox. */
  sms: { httpUrl: string | undefined; httpToken: string | undefined };
  /** The basemaps of maps (HYDROLOG_MAP_TILES_0/1 and their attributions); none: maps draw without one. */
  mapProviders: MapProvider[];
  /** How often meter and pressure alarms are evaluated, ms (HYDROLOG_METER_ALARM_MS; default a minute). */
  meterAlarmMs: number;
  /** How often prepaid accounts pay for their days of water, ms (HYDROLOG_DEDUCTION_MS; default 10 minutes). */
  deductionMs: number;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.HYDROLOG_DATA_DIR ?? resolve(repoRoot, 'data')),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    webDir: resolve(env.HYDROLOG_WEB_DIR ?? resolve(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    ingest: {
      horizonDays: positive(env, 'HYDROLOG_INGEST_HORIZON_DAYS', DEFAULT_INGEST_SETTINGS.horizonDays),
      maxBacklog: positive(env, 'HYDROLOG_INGEST_MAX_BACKLOG', DEFAULT_INGEST_SETTINGS.maxBacklog),
    },
    loginLimits: {
      perAddress: limit(env, 'HYDROLOG_LOGIN_LIMIT_PER_ADDRESS', DEFAULT_LOGIN_LIMITS.perAddress),
      total: limit(env, 'HYDROLOG_LOGIN_LIMIT_TOTAL', DEFAULT_LOGIN_LIMITS.total),
    },
    kafka: env.KAFKA_BROKERS
      ? {
          brokers: env.KAFKA_BROKERS.split(',').map((b) => b.trim()),
          topic: env.KAFKA_READINGS_TOPIC || 'hydrolog.readings',
          groupId: env.KAFKA_GROUP_ID || 'hydrolog-readings',
        }
      : undefined,
    mqtt: mqttSettings(env, env.HOST ?? '0.0.0.0'),
    sms: { httpUrl: env.SMS_HTTP_URL || undefined, httpToken: env.SMS_HTTP_TOKEN || undefined },
    meterAlarmMs: positive(env, 'HYDROLOG_METER_ALARM_MS', 60_000),
    deductionMs: positive(env, 'HYDROLOG_DEDUCTION_MS', 10 * 60_000),
    mapProviders: ([0, 1] as const).flatMap((mapType) => mapProvider(env, mapType)),
  };
}

/** MQTT_URL: an external broker, and no embedded one; else MQTT_PORT (`off` or 0: none). */
function mqttSettings(env: NodeJS.ProcessEnv, host: string): MqttSettings {
  if (env.MQTT_URL) {
    if (!URL.canParse(env.MQTT_URL) || !/^mqtts?:$/.test(new URL(env.MQTT_URL).protocol))
      throw new Error(`MQTT_URL must be an mqtt:// or mqtts:// URL, got ${env.MQTT_URL}`);
    return { port: null, url: env.MQTT_URL };
  }
  const value = env.MQTT_PORT;
  if (value === 'off' || value === '0') return { port: null };
  const port = value === undefined || value === '' ? DEFAULT_MQTT_PORT : Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`MQTT_PORT must be a port number, or off, got ${value}`);
  return { port, host: env.MQTT_HOST || host };
}

/** Map provider `mapType` from HYDROLOG_MAP_TILES_<mapType> (an http(s) URL template) and its attribution. */
function mapProvider(env: NodeJS.ProcessEnv, mapType: 0 | 1): MapProvider[] {
  const tiles = env[`HYDROLOG_MAP_TILES_${mapType}`];
  if (!tiles) return [];
  const url = URL.canParse(tiles) ? new URL(tiles) : null;
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    !['{z}', '{x}', '{y}'].every((p) => tiles.includes(p))
  )
    throw new Error(
      `HYDROLOG_MAP_TILES_${mapType} must be an http(s) URL with {z}, {x} and {y}, got ${tiles}`,
    );
  return [{ mapType, tiles, attribution: env[`HYDROLOG_MAP_ATTRIBUTION_${mapType}`] ?? '' }];
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${name} must be a positive whole number, got ${value}`);
  return number;
}

function limit(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`${name} must be a whole number (0: no limit), got ${value}`);
  return number;
}
