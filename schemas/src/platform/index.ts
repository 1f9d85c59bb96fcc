export * from './countries.ts';
export * from './management.ts';
export * from './registration.ts';
export * from './routes.ts';
export * from './tenants.ts';
