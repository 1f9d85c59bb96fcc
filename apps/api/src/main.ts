import { join } from 'node:path';
import { DatabaseTooNewError, DataDirectoryInUseError } from '@hydrolog/eventstore';
import { buildApp } from './app.ts';
import { PasswordCipher } from './auth/crypto.ts';
import { loadConfig } from './config.ts';
import { startDemoFleet } from './demo-fleet.ts';
import { ensureDictTypes } from './dict-types.ts';
import { ensureBuiltInMenus } from './menus.ts';
import { DEMO_TENANTS, seedDemo } from './seed.ts';
import { openServices } from './services.ts';
import { messageProvider } from './sms.ts';

const config = loadConfig();
let services: Awaited<ReturnType<typeof openServices>>;
try {
  services = await openServices(config, { follow: true });
} catch (error) {
  if (error instanceof DataDirectoryInUseError || error instanceof DatabaseTooNewError) {
    console.error(`hydrolog: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
// The demo seed brings the built-in menus and the dictionary types up to date itself.
if (config.seedDemo) await seedDemo(services, { captchaEnabled: config.seedCaptcha });
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
  commandSweepMs: 15_000,
  cascadeAlarmMs: 10 * 60_000,
  messages: messageProvider(services.store, config.sms),
});
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
console.log(`
Hydrolog is running at http://localhost:${port}/
  API        http://localhost:${port}/prod-api   (OpenAPI: /prod-api/docs, health: /prod-api/health)
  Database   ${storage}
  Log        ${services.store.kind === 'sql' ? 'event store in the same database' : 'KurrentDB (EVENTSTORE_URL)'}
  Demo       ${DEMO_TENANTS.map((t) => t.name).join(', ')}
             log in as admin / Admin123 (platform) or demo_admin / Demo1234 (utility); README lists all
`);

// The demo fleet reports through the real gateway protocol, over HTTP like any gateway.
const fleetStop = new AbortController();
const fleet = config.simulate
  ? await startDemoFleet(services, {
      baseUrl: `http://127.0.0.1:${port}`,
      keysFile: join(config.dataDir, 'sim', 'gateway-keys.json'),
      signal: fleetStop.signal,
    })
  : Promise.resolve();

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    fleetStop.abort();
    await fleet;
    await app.close();
    await services.close();
    process.exit(0);
  });
}
