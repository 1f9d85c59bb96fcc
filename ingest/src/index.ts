export * from './decode.ts';
export * from './kafka.ts';
export * from './mqtt.ts';
export * from './service.ts';
