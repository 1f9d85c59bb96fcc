export * from './dictionaries.ts';
export * from './notices.ts';
export * from './parameters.ts';
