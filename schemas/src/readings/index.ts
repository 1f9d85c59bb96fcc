export * from './ingest.ts';
export * from './readings.ts';
