export * from './audit.ts';
export * from './projection.ts';
export * from './queries.ts';
