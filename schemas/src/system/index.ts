export * from './audit.ts';
export * from './dictionaries.ts';
export * from './events.ts';
export * from './notices.ts';
export * from './parameters.ts';
export * from './routes.ts';
