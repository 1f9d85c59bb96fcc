export * from './compact.ts';
export * from './ingest.ts';
export * from './mqtt.ts';
export * from './readings.ts';
export * from './routes.ts';
