import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'tenant/list/index': lazyRouteComponent(() => import('./Tenants.tsx'), 'Tenants'),
  'tenant/agent/index': lazyRouteComponent(() => import('./Agents.tsx'), 'Agents'),
  'tenant/carrier/index': lazyRouteComponent(() => import('./Carriers.tsx'), 'Carriers'),
  'tenant/region/index': lazyRouteComponent(() => import('./Regions.tsx'), 'Regions'),
  'tenant/thirdParty/index': lazyRouteComponent(() => import('./ThirdParties.tsx'), 'ThirdParties'),
};

export const RegisterPage = lazyRouteComponent(() => import('./Register.tsx'), 'Register');
