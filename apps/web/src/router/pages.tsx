import { MENU_CATALOGUE } from '@hydrolog/schemas';
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/**
 * Every page is its own chunk, fetched when a route first opens it (the router waits for it before rendering),
 * so that the first load carries only the login page and the dashboard. The partition map's chunk brings deck.gl.
 */
const Agents = lazyRouteComponent(() => import('../pages/Agents.tsx'), 'Agents');
const Carriers = lazyRouteComponent(() => import('../pages/Carriers.tsx'), 'Carriers');
const CascadeAnalysis = lazyRouteComponent(() => import('../pages/CascadeAnalysis.tsx'), 'CascadeAnalysis');
const Configs = lazyRouteComponent(() => import('../pages/Configs.tsx'), 'Configs');
const Customers = lazyRouteComponent(() => import('../pages/Customers.tsx'), 'Customers');
const CustomerTypes = lazyRouteComponent(() => import('../pages/CustomerTypes.tsx'), 'CustomerTypes');
const Depts = lazyRouteComponent(() => import('../pages/Depts.tsx'), 'Depts');
const Dicts = lazyRouteComponent(() => import('../pages/Dicts.tsx'), 'Dicts');
const Gateways = lazyRouteComponent(() => import('../pages/Gateways.tsx'), 'Gateways');
const KeyUpdates = lazyRouteComponent(() => import('../pages/KeyUpdates.tsx'), 'KeyUpdates');
const LoginLog = lazyRouteComponent(() => import('../pages/LoginLog.tsx'), 'LoginLog');
const Menus = lazyRouteComponent(() => import('../pages/Menus.tsx'), 'Menus');
const MeterGroups = lazyRouteComponent(() => import('../pages/MeterGroups.tsx'), 'MeterGroups');
const MeterHistory = lazyRouteComponent(() => import('../pages/MeterHistory.tsx'), 'MeterHistory');
const MeterMoves = lazyRouteComponent(() => import('../pages/MeterMoves.tsx'), 'MeterMoves');
const MeterReplacements = lazyRouteComponent(
  () => import('../pages/MeterReplacements.tsx'),
  'MeterReplacements',
);
const Meters = lazyRouteComponent(() => import('../pages/Meters.tsx'), 'Meters');
const MeterTypes = lazyRouteComponent(() => import('../pages/MeterTypes.tsx'), 'MeterTypes');
const NoticeCenter = lazyRouteComponent(() => import('../pages/NoticeCenter.tsx'), 'NoticeCenter');
const Notices = lazyRouteComponent(() => import('../pages/Notices.tsx'), 'Notices');
const OperLog = lazyRouteComponent(() => import('../pages/OperLog.tsx'), 'OperLog');
const Outbox = lazyRouteComponent(() => import('../pages/Outbox.tsx'), 'Outbox');
const Partitions = lazyRouteComponent(() => import('../pages/Partitions.tsx'), 'Partitions');
const ReadingRate = lazyRouteComponent(() => import('../pages/ReadingRate.tsx'), 'ReadingRate');
const Regions = lazyRouteComponent(() => import('../pages/Regions.tsx'), 'Regions');
const Roles = lazyRouteComponent(() => import('../pages/Roles.tsx'), 'Roles');
const TenantDashboard = lazyRouteComponent(() => import('../pages/TenantDashboard.tsx'), 'TenantDashboard');
const Tenants = lazyRouteComponent(() => import('../pages/Tenants.tsx'), 'Tenants');
const ThirdParties = lazyRouteComponent(() => import('../pages/ThirdParties.tsx'), 'ThirdParties');
const Users = lazyRouteComponent(() => import('../pages/Users.tsx'), 'Users');
const Valves = lazyRouteComponent(() => import('../pages/Valves.tsx'), 'Valves');
const CascadeGis = lazyRouteComponent(() => import('../pages/CascadeGis.tsx'), 'CascadeGis');
const LazyPlaceholder = lazyRouteComponent(() => import('../pages/Placeholder.tsx'), 'Placeholder');

/** Page components by the catalogue's component id; every other screen is a placeholder until built. */
const BUILT: Record<string, RouteComponent> = {
  'tenant/list/index': Tenants,
  'system/user/index': Users,
  'system/dept/index': Depts,
  'system/role/index': Roles,
  'system/dict/index': Dicts,
  'system/config/index': Configs,
  'monitor/logininfor/index': LoginLog,
  'monitor/operlog/index': OperLog,
  'gateway/gateway/index': Gateways,
  'report/history/index': MeterHistory,
  'report/readingRate/index': ReadingRate,
  'cascade/partition/index': Partitions,
  'cascade/analysis/index': CascadeAnalysis,
  'cascade/gis/index': CascadeGis,
  'business/customer/index': Customers,
  'business/customerType/index': CustomerTypes,
  'business/meter/index': Meters,
  'business/meterType/index': MeterTypes,
  'business/group/index': MeterGroups,
  'business/valve/index': Valves,
  'business/keyUpdate/index': KeyUpdates,
  // admin-b
  'tenant/dashboard/index': TenantDashboard,
  'system/outbox/index': Outbox,
  // Platform administration (issue 7, admin-a)
  'system/menu/index': Menus,
  'system/notice/index': Notices,
  'system/notice/center': NoticeCenter,
  'tenant/agent/index': Agents,
  'tenant/carrier/index': Carriers,
  'tenant/region/index': Regions,
  'tenant/thirdParty/index': ThirdParties,
  // Meter replacement (issue 5, meters2)
  'business/meterReplace/index': MeterReplacements,
  'tenant/meterMove/index': MeterMoves,
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
