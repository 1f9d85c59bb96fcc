import type { RouterNode, UserInfo } from '@hydrolog/schemas';
import { getInfo, getRouters, logoutRequest } from '../api/session.ts';
import { indexRoutes, type MenuRoute, type SidebarItem, toSidebarItems } from '../layout/menu.ts';
import { removeToken } from '../lib/token.ts';
import { createStore } from './createStore.ts';
import { tags } from './tags.ts';

export interface Session {
  info: UserInfo | null;
  routers: RouterNode[];
  /** Pages of the menu tree by full path, each with its chain of parents (breadcrumb, titles, access). */
  routes: Map<string, MenuRoute[]>;
  sidebar: SidebarItem[];
}

const EMPTY: Session = { info: null, routers: [], routes: new Map(), sidebar: [] };
export const session = createStore<Session>(EMPTY);

let loading: Promise<void> | null = null;

/** User info and menu tree, loaded once per session; concurrent callers share the one request. */
export function loadSession(): Promise<void> {
  loading ??= Promise.all([getInfo(), getRouters()])
    .then(([info, routers]) => {
      session.set({ info, routers, routes: indexRoutes(routers), sidebar: toSidebarItems(routers) });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Local logout: token cookies and everything loaded for the session go. */
export function clearSession(): void {
  removeToken();
  session.set(EMPTY);
  tags.reset();
}

/** Ends the session on the server (a failure is already shown), then locally. */
export async function logout(): Promise<void> {
  await logoutRequest().catch(() => undefined);
  clearSession();
}
