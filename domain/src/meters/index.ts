export * from './meters.ts';
