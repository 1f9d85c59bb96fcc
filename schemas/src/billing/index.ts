export * from './events.ts';
export * from './price-schemes.ts';
export * from './routes.ts';
