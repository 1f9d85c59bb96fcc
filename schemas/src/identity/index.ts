export * from './account.ts';
export * from './menu-admin.ts';
export * from './menus.ts';
export * from './organisation.ts';
export * from './users.ts';
