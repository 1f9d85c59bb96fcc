export * from './volumes.ts';
