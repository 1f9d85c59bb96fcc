export * from './detection.ts';
export * from './projection.ts';
export * from './queries.ts';
