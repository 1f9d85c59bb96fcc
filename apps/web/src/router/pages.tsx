import { MENU_CATALOGUE } from '@hydrolog/schemas';
import { Loader } from '@mantine/core';
import type { RouteComponent } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Agents } from '../pages/Agents.tsx';
import { Carriers } from '../pages/Carriers.tsx';
import { CascadeAnalysis } from '../pages/CascadeAnalysis.tsx';
import { Configs } from '../pages/Configs.tsx';
import { Customers } from '../pages/Customers.tsx';
import { CustomerTypes } from '../pages/CustomerTypes.tsx';
import { Depts } from '../pages/Depts.tsx';
import { Dicts } from '../pages/Dicts.tsx';
import { Gateways } from '../pages/Gateways.tsx';
import { KeyUpdates } from '../pages/KeyUpdates.tsx';
import { LoginLog } from '../pages/LoginLog.tsx';
import { Menus } from '../pages/Menus.tsx';
import { MeterGroups } from '../pages/MeterGroups.tsx';
import { MeterHistory } from '../pages/MeterHistory.tsx';
import { MeterMoves } from '../pages/MeterMoves.tsx';
import { MeterReplacements } from '../pages/MeterReplacements.tsx';
import { Meters } from '../pages/Meters.tsx';
import { MeterTypes } from '../pages/MeterTypes.tsx';
import { NoticeCenter } from '../pages/NoticeCenter.tsx';
import { Notices } from '../pages/Notices.tsx';
import { OperLog } from '../pages/OperLog.tsx';
import { Outbox } from '../pages/Outbox.tsx';
import { Partitions } from '../pages/Partitions.tsx';
import { Placeholder } from '../pages/Placeholder.tsx';
import { ReadingRate } from '../pages/ReadingRate.tsx';
import { Regions } from '../pages/Regions.tsx';
import { Roles } from '../pages/Roles.tsx';
import { TenantDashboard } from '../pages/TenantDashboard.tsx';
import { Tenants } from '../pages/Tenants.tsx';
import { ThirdParties } from '../pages/ThirdParties.tsx';
import { Users } from '../pages/Users.tsx';
import { Valves } from '../pages/Valves.tsx';

/** The partition map brings deck.gl: its own chunk, loaded when the page opens. */
const CascadeGis = lazy(() => import('../pages/CascadeGis.tsx').then((m) => ({ default: m.CascadeGis })));
const LazyCascadeGis: RouteComponent = () => (
  <Suspense fallback={<Loader m="xl" />}>
    <CascadeGis />
  </Suspense>
);

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
  'cascade/gis/index': LazyCascadeGis,
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
  return () => <Placeholder menuId={menuId} />;
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
