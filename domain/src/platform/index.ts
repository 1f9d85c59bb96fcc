export * from './platform.ts';
export * from './registration.ts';
export * from './tenant.ts';
