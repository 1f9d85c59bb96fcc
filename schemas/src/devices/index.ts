export * from './concentrators.ts';
export * from './routes.ts';
