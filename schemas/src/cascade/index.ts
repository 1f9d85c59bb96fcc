export * from './cascade.ts';
