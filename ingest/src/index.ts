export * from './decode.ts';
export * from './kafka.ts';
export * from './service.ts';
