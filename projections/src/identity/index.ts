export * from './menus.ts';
export * from './outbox.ts';
export * from './projection.ts';
export * from './queries.ts';
