import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { Home } from './pages/Home.tsx';
import { Layout } from './pages/Layout.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { Tenants } from './pages/Tenants.tsx';

/** Every page is a static route (spec section 2); `/` redirects to the dashboard at /index. */
const root = createRootRoute({ component: Layout, notFoundComponent: NotFound });
const routes = [
  createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/index' });
    },
  }),
  createRoute({ getParentRoute: () => root, path: '/index', component: Home }),
  createRoute({ getParentRoute: () => root, path: '/system/tenant', component: Tenants }),
  createRoute({ getParentRoute: () => root, path: '/404', component: NotFound }),
];

export const router = createRouter({ routeTree: root.addChildren(routes), scrollRestoration: false });
router.subscribe('onResolved', () => window.scrollTo(0, 0));

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
