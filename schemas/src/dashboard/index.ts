export * from './dashboard.ts';
export * from './routes.ts';
