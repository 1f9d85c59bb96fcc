/** The routes reachable without a session (spec section 2; and the experience-account registration page). */
export const OPEN_ROUTES: readonly string[] = ['/login', '/cascadeScreen', '/register'];

export interface GuardInput {
  pathname: string;
  /** Path, query and hash of the wanted location: the redirect parameter of the login page. */
  href: string;
  hasToken: boolean;
  /** User info and menu tree are loaded. */
  loaded: boolean;
  /** Paths of every page the web app has (the menu catalogue). */
  knownPages: { has(path: string): boolean };
  /** Paths of the pages in the user's menu tree. */
  permittedPages: { has(path: string): boolean };
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; href: string }
  | { type: 'load' }
  | { type: 'noAccess' };

/** Spec section 2 "Navigation guard", as a pure decision; the router acts on it. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const open = OPEN_ROUTES.includes(input.pathname);
  if (!input.hasToken) {
    if (open) return { type: 'allow' };
    return { type: 'redirect', href: `/login?redirect=${encodeURIComponent(input.href)}` };
  }
  if (input.pathname === '/login') return { type: 'redirect', href: '/' };
  if (open) return { type: 'allow' };
  if (!input.loaded) return { type: 'load' };
  if (input.knownPages.has(input.pathname) && !input.permittedPages.has(input.pathname))
    return { type: 'noAccess' };
  return { type: 'allow' };
}

/** The login page's redirect parameter, kept inside this site (never an absolute URL elsewhere). */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.startsWith('/login')) return '/';
  return value;
}
