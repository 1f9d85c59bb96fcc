export * from './alarms.ts';
export * from './events.ts';
export * from './routes.ts';
