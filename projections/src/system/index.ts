export * from './audit.ts';
export * from './projection.ts';
