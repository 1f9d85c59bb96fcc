export * from './device-queries.ts';
export * from './pressure-queries.ts';
export * from './projection.ts';
export * from './queries.ts';
