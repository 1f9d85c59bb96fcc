export { departmentRoutes } from './department-routes.ts';
export { ensureBuiltInMenus } from './ensure-built-in-menus.ts';
export { menuRoutes } from './menu-routes.ts';
export { grantedMenus, menuEntries, permsByMenu } from './menus.ts';
export { messageRoutes } from './message-routes.ts';
export { profileRoutes } from './profile-routes.ts';
export { roleRoutes } from './role-routes.ts';
export { authRoutes } from './routes.ts';
export { userRoutes } from './user-routes.ts';
