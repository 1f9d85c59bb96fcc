export * from './api.ts';
export * from './events.ts';
export * from './field-errors.ts';
export * from './identity.ts';
export * from './menus.ts';
export * from './messages.ts';
export * from './tenant.ts';
export * from './uuid.ts';
