import { MENU_CATALOGUE } from '@hydrolog/schemas';
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import * as billing from '../features/billing/routes.ts';
import * as cascade from '../features/cascade/routes.ts';
import * as customers from '../features/customers/routes.ts';
import * as dashboard from '../features/dashboard/routes.ts';
import * as devices from '../features/devices/routes.ts';
import * as identity from '../features/identity/routes.ts';
import * as meters from '../features/meters/routes.ts';
import * as operations from '../features/operations/routes.ts';
import * as platform from '../features/platform/routes.ts';
import * as readings from '../features/readings/routes.ts';
import * as system from '../features/system/routes.ts';

/**
 * Every page is its own chunk, fetched when a route first opens it (the router waits for it before rendering),
 * so that the first load carries only the login page and the dashboard. The partition map's chunk brings deck.gl.
 */
const LazyPlaceholder = lazyRouteComponent(() => import('./Placeholder.tsx'), 'Placeholder');

/** Page components by the catalogue's component id; every other screen is a placeholder until built. */
const BUILT: Record<string, RouteComponent> = {
  ...identity.pages,
  ...platform.pages,
  ...system.pages,
  ...customers.pages,
  ...billing.pages,
  ...meters.pages,
  ...readings.pages,
  ...cascade.pages,
  ...dashboard.pages,
  ...operations.pages,
  ...devices.pages,
};

export interface PageRoute {
  /** `/<directory path>/<page path>` */
  path: string;
  menuId: string;
  component: RouteComponent;
}

function placeholder(menuId: string): RouteComponent {
  // The preload lets the router fetch the placeholder's chunk before rendering, as for the other pages.
  return Object.assign(() => <LazyPlaceholder menuId={menuId} />, {
    preload: () => LazyPlaceholder.preload?.(),
  });
}

/** Every page of the menu catalogue as a static route; entries that open a link (cascadeScreen) have their own. */
export const PAGES: readonly PageRoute[] = MENU_CATALOGUE.filter((e) => e.menuType === 'C' && !e.link).map(
  (entry) => {
    const dir = MENU_CATALOGUE.find((d) => d.menuId === entry.parentId);
    return {
      path: `/${dir?.path}/${entry.path}`,
      menuId: entry.menuId,
      component: BUILT[entry.component ?? ''] ?? placeholder(entry.menuId),
    };
  },
);

/** The page of a component id, for menu entries operators add (they have no static route). */
export const builtPage = (component: string): RouteComponent | null => BUILT[component] ?? null;

export const PAGE_BY_PATH: ReadonlyMap<string, PageRoute> = new Map(PAGES.map((p) => [p.path, p]));
export const KNOWN_PAGES: ReadonlySet<string> = new Set(PAGE_BY_PATH.keys());
