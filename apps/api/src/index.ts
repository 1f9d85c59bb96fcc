// What builds on the service from outside it: the demo (apps/demo), the benchmarks and the cross-package tests.
export { buildApp } from './app.ts';
export { hashPassword } from './auth/crypto.ts';
export { DEFAULT_ACCOUNT_SETTINGS } from './auth/identity.ts';
export { runBills } from './billing/index.ts';
export { execute, executeAll, type StreamCommand } from './commands.ts';
export { type Config, type IngestSettings, loadConfig } from './config.ts';
export { openAccounts } from './customers/index.ts';
export { keepHeapNearLive } from './heap.ts';
export { ensureBuiltInMenus } from './identity/index.ts';
export { newGatewayKey } from './ingest/auth.ts';
export { registerMeters, registerMeterType } from './meters/index.ts';
export { administratorRole, provisionTenant } from './platform/index.ts';
export { type ServeExtras, serve } from './serve.ts';
export { openServices, type Services } from './services.ts';
export { ensureDictTypes } from './system/index.ts';
