// What tools outside the service (benchmarks) build on: the app, its services and the registry commands.
export { buildApp } from './app.ts';
export { execute } from './commands.ts';
export type { IngestSettings } from './config.ts';
export { registerMeters, registerMeterType } from './meter-registry.ts';
export { newGatewayKey } from './routes/gateways.ts';
export { openServices, type Services } from './services.ts';
