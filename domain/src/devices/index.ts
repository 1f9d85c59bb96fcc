export * from './flow-meters.ts';
export * from './pressure-meters.ts';
