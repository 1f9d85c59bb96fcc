import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  type ParsedLocation,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import i18next from 'i18next';
import { RequestError, showError } from './api/request.ts';
import { CascadeScreenPage } from './features/cascade/routes.ts';
import { Home } from './features/dashboard/index.ts';
import { DeviceScreenPage } from './features/devices/routes.ts';
import { Login } from './features/identity/index.ts';
import { ProfilePage } from './features/identity/routes.ts';
import { REGISTER_PATH } from './features/platform/index.ts';
import { RegisterPage } from './features/platform/routes.ts';
import { DictDataPage } from './features/system/routes.ts';
import { Shell } from './layout/Shell.tsx';
import { getToken } from './lib/token.ts';
import { decideNavigation } from './router/guard.ts';
import { KNOWN_PAGES, PAGES } from './router/pages.tsx';
import { clearSession, loadSession, session } from './store/session.ts';

// The login page, the signed-in frame and the dashboard are what every first visit shows: they come with the
// entry, in one round trip. Every other page is a chunk of its own, fetched when a route first needs it.
const MenuEntryPage = lazyRouteComponent(() => import('./router/MenuPage.tsx'), 'MenuPage');
const NoAccess = lazyRouteComponent(() => import('./router/NoAccess.tsx'), 'NoAccess');
const NotFound = lazyRouteComponent(() => import('./router/NotFound.tsx'), 'NotFound');
const Redirect = lazyRouteComponent(() => import('./router/Redirect.tsx'), 'Redirect');

function decide(location: ParsedLocation) {
  const { info, routes } = session.get();
  return decideNavigation({
    pathname: location.pathname,
    href: location.href,
    hasToken: getToken() !== undefined,
    loaded: info !== null,
    knownPages: KNOWN_PAGES,
    permittedPages: routes,
  });
}

/** Spec section 2 navigation guard: runs before every navigation. */
async function guard({ location }: { location: ParsedLocation }): Promise<void> {
  let decision = decide(location);
  if (decision.type === 'load') {
    try {
      await loadSession();
    } catch (error) {
      // A failed request has been shown already; anything else is shown here.
      if (!(error instanceof RequestError)) showError(i18next.t('errors.unknown'));
      clearSession();
      throw redirect({ href: '/' });
    }
    decision = decide(location);
  }
  if (decision.type === 'redirect') throw redirect({ href: decision.href });
  if (decision.type === 'noAccess') throw redirect({ href: '/401' });
}

const root = createRootRoute({
  beforeLoad: guard,
  component: Outlet,
  notFoundComponent: () => <Navigate to="/404" replace />,
});

const shell = createRoute({ getParentRoute: () => root, id: 'shell', component: Shell });
const page = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => shell, path, component });

/** Every page is a static route (spec section 2); the menu tree only decides which ones a user may open. */
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/login', component: Login }),
  createRoute({ getParentRoute: () => root, path: '/cascadeScreen', component: CascadeScreenPage }),
  // The device map opens in a new tab like /cascadeScreen, but only with a session (it shows the tenant's network).
  createRoute({ getParentRoute: () => root, path: '/deviceScreen', component: DeviceScreenPage }),
  createRoute({ getParentRoute: () => root, path: REGISTER_PATH, component: RegisterPage }),
  shell.addChildren([
    createRoute({
      getParentRoute: () => shell,
      path: '/',
      beforeLoad: () => {
        throw redirect({ href: '/index' });
      },
    }),
    page('/index', Home),
    page('/401', NoAccess),
    page('/404', NotFound),
    page('/redirect/$', Redirect),
    page('/user/profile', ProfilePage),
    page('/dict/type/data/$dictId', DictDataPage),
    ...PAGES.map((p) => page(p.path, p.component)),
    // Pages operators add to the menu tree (static routes above win).
    page('/$directory/$page', MenuEntryPage),
  ]),
]);

export const router = createRouter({ routeTree, scrollRestoration: false });
// Spec section 2: each navigation scrolls to top.
router.subscribe('onResolved', () => window.scrollTo(0, 0));

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
