export * from './queries.ts';
