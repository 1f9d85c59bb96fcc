import { join } from 'node:path';
import { DatabaseTooNewError, DataDirectoryInUseError } from '@hydrolog/eventstore';
import { buildApp } from './app.ts';
import { PasswordCipher } from './auth/crypto.ts';
import type { Config } from './config.ts';
import { keepHeapNearLive } from './heap.ts';
import { ensureBuiltInMenus } from './identity/index.ts';
import { openServices, type Services } from './services.ts';
import { messageProvider } from './sms.ts';
import { ensureDictTypes } from './system/index.ts';

/** What a deployment adds to the service (the demo of `npm start`: its seed, its banner and its fleet). */
export interface ServeExtras {
  /**
   * Brings the stored data up to date before the app starts, the built-in menus and dictionary types
   * included (without it, only those).
   */
  prepare?(services: Services): Promise<unknown>;
  /** Lines the start banner ends with. */
  banner?: string[];
  /**
   * Work beside the service once it listens, at `baseUrl`: it starts before the promise it answers, which
   * settles when the work has stopped after `signal` aborted (at shutdown).
   */
  beside?(services: Services, baseUrl: string, signal: AbortSignal): Promise<Promise<void>>;
}

function mqttBanner(config: Config, port: number | null): string {
  if (config.mqtt.url) return `external broker (MQTT_URL), shared subscription`;
  return port === null ? 'off (MQTT_PORT=off)' : `gateways at mqtt://localhost:${port}`;
}

/** Runs the service until SIGINT or SIGTERM. */
export async function serve(config: Config, extras: ServeExtras = {}): Promise<void> {
  keepHeapNearLive();
  let services: Services;
  try {
    services = await openServices(config, { follow: true });
  } catch (error) {
    if (error instanceof DataDirectoryInUseError || error instanceof DatabaseTooNewError) {
      console.error(`hydrolog: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (extras.prepare) await extras.prepare(services);
  else {
    await ensureBuiltInMenus(services);
    await ensureDictTypes(services);
  }
  const app = await buildApp(services, {
    webDir: config.webDir,
    logLevel: config.logLevel,
    uploadsDir: join(config.dataDir, 'uploads'),
    cipher: PasswordCipher.fromFile(join(config.dataDir, 'keys', 'login-rsa.pem')),
    ingest: config.ingest,
    loginLimits: config.loginLimits,
    kafka: config.kafka,
    mqtt: config.mqtt,
    commandSweepMs: 15_000,
    cascadeAlarmMs: 10 * 60_000,
    billRunMs: 60 * 60_000,
    meterAlarmMs: config.meterAlarmMs,
    pressureAlarmMs: config.meterAlarmMs,
    systemAlarmMs: config.meterAlarmMs,
    deductionMs: config.deductionMs,
    messages: messageProvider(services.store, config.sms),
    mapProviders: config.mapProviders,
  });
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    [
      '',
      `Hydrolog is running at http://localhost:${port}/`,
      `  API        http://localhost:${port}/prod-api   (OpenAPI: /prod-api/docs, health: /prod-api/health)`,
      `  Database   ${storage}`,
      `  Log        ${services.store.kind === 'sql' ? 'event store in the same database' : 'KurrentDB (EVENTSTORE_URL)'}`,
      `  MQTT       ${mqttBanner(config, app.gatewayMqtt?.port ?? null)}`,
      ...(extras.banner ?? []),
      '',
    ].join('\n'),
  );

  const besideStop = new AbortController();
  const beside = extras.beside
    ? await extras.beside(services, `http://127.0.0.1:${port}`, besideStop.signal)
    : Promise.resolve();

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      besideStop.abort();
      await beside;
      await app.close();
      await services.close();
      process.exit(0);
    });
  }
}
