export * from './flow-meters.ts';
