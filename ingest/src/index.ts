export * from './decode.ts';
export * from './service.ts';
