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
import { Shell } from './layout/Shell.tsx';
import { getToken } from './lib/token.ts';
import { Home } from './pages/Home.tsx';
import { Login } from './pages/Login.tsx';
import { decideNavigation } from './router/guard.ts';
import { KNOWN_PAGES, PAGES } from './router/pages.tsx';
import { clearSession, loadSession, session } from './store/session.ts';

// The login page, the signed-in frame and the dashboard are what every first visit shows: they come with the
// entry, in one round trip. Every other page is a chunk of its own, fetched when a route first needs it.
const CascadeScreen = lazyRouteComponent(() => import('./pages/CascadeScreen.tsx'), 'CascadeScreen');
const DictData = lazyRouteComponent(() => import('./pages/DictData.tsx'), 'DictData');
const MenuPage = lazyRouteComponent(() => import('./pages/MenuPage.tsx'), 'MenuPage');
const NoAccess = lazyRouteComponent(() => import('./pages/NoAccess.tsx'), 'NoAccess');
const NotFound = lazyRouteComponent(() => import('./pages/NotFound.tsx'), 'NotFound');
const Profile = lazyRouteComponent(() => import('./pages/Profile.tsx'), 'Profile');
const Redirect = lazyRouteComponent(() => import('./pages/Redirect.tsx'), 'Redirect');
const Register = lazyRouteComponent(() => import('./pages/Register.tsx'), 'Register');

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
  createRoute({ getParentRoute: () => root, path: '/cascadeScreen', component: CascadeScreen }),
  createRoute({ getParentRoute: () => root, path: '/register', component: Register }),
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
    page('/user/profile', Profile),
    page('/dict/type/data/$dictId', DictData),
    ...PAGES.map((p) => page(p.path, p.component)),
    // Pages operators add to the menu tree (static routes above win).
    page('/$directory/$page', MenuPage),
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
