export * from './dashboard.ts';
export * from './health.ts';
export * from './routes.ts';
