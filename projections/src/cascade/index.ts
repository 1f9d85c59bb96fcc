export * from './alarms.ts';
export * from './leakage.ts';
export * from './partitions.ts';
export * from './projection.ts';
