export * from './meters.ts';
export * from './valve.ts';
