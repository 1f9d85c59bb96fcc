export * from './cascade.ts';
export * from './routes.ts';
