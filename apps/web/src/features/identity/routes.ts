import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'system/user/index': lazyRouteComponent(() => import('./Users.tsx'), 'Users'),
  'system/dept/index': lazyRouteComponent(() => import('./Depts.tsx'), 'Depts'),
  'system/role/index': lazyRouteComponent(() => import('./Roles.tsx'), 'Roles'),
  'system/menu/index': lazyRouteComponent(() => import('./Menus.tsx'), 'Menus'),
};

export const ProfilePage = lazyRouteComponent(() => import('./Profile.tsx'), 'Profile');
