export * from './customers.ts';
export * from './routes.ts';
