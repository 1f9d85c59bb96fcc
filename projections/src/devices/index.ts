export * from './projection.ts';
export * from './queries.ts';
