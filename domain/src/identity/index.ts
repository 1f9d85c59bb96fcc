export * from './identity.ts';
export * from './menus.ts';
