export * from './projection.ts';
