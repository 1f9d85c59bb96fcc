import type { TFunction } from 'i18next';
import { HOME_PATH, type MenuRoute } from './menu.ts';

/** Titles of the fixed routes that have a tab and a breadcrumb (menu pages take theirs from the menu tree). */
function fixedTitle(pathname: string, t: TFunction): string | null {
  if (pathname === HOME_PATH) return t('nav.home');
  if (pathname === '/user/profile') return t('nav.profile');
  if (pathname.startsWith('/dict/type/data/')) return t('nav.dictData');
  return null;
}

/** The chain of titles for the breadcrumb and the tab: the menu tree's, else the fixed route's. */
export function viewChain(
  pathname: string,
  routes: ReadonlyMap<string, MenuRoute[]>,
  t: TFunction,
): MenuRoute[] {
  const chain = routes.get(pathname);
  if (chain) return chain;
  const title = fixedTitle(pathname, t);
  return title ? [{ path: pathname, title, redirect: undefined, noCache: true }] : [];
}
