export * from './account.ts';
// Listed by name: menuEventSchemas is published inside identityEventSchemas, not by itself.
export {
  EXTERNAL_LINK,
  isExternalLink,
  type MenuBody,
  type MenuTitles,
  type MenuView,
  menuBodySchema,
  menuTitlesSchema,
  menuTypeSchema,
  menuViewSchema,
  updateMenuBodySchema,
} from './menu-admin.ts';
export * from './menus.ts';
export * from './organisation.ts';
export * from './routes.ts';
export * from './users.ts';
