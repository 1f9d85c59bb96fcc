import { queryId } from '../../lib/listQuery.ts';
import { USAGE_PRESETS } from './api/dashboard.ts';

/** The dashboards' choices as kept in the URL. */

export type UsagePreset = (typeof USAGE_PRESETS)[number];

/** /index: the usage statistics' date preset (7, 30 or 90 days; anything else is the first). */
export function parseHomeQuery(search: Record<string, unknown>): { days: UsagePreset } {
  const days = Number(search.days);
  return { days: USAGE_PRESETS.find((p) => p === days) ?? USAGE_PRESETS[0] };
}

export const homeSearch = (query: { days: UsagePreset }): Record<string, number> =>
  query.days === USAGE_PRESETS[0] ? {} : { days: query.days };

/** Demo mode moves on at most this often, at least this rarely (seconds). */
export const DEMO_INTERVAL_MIN = 3;
export const DEMO_INTERVAL_MAX = 3600;
export const DEMO_INTERVAL_DEFAULT = 10;

export interface TenantDashboardQuery {
  /** The tenant shown, or null for every tenant. */
  tenantId: string | null;
  /** Demo mode: cycles through the tenants. */
  demo: boolean;
  /** Seconds per tenant in demo mode. */
  interval: number;
}

export function parseTenantDashboardQuery(search: Record<string, unknown>): TenantDashboardQuery {
  const interval = Number(search.interval);
  return {
    tenantId: queryId(search.tenantId) || null,
    demo: search.demo === 1 || search.demo === '1' || search.demo === true,
    interval:
      Number.isInteger(interval) && interval >= DEMO_INTERVAL_MIN && interval <= DEMO_INTERVAL_MAX
        ? interval
        : DEMO_INTERVAL_DEFAULT,
  };
}

export function tenantDashboardSearch(query: TenantDashboardQuery): Record<string, string | number> {
  return {
    ...(query.tenantId ? { tenantId: query.tenantId } : {}),
    ...(query.demo ? { demo: 1 } : {}),
    ...(query.interval !== DEMO_INTERVAL_DEFAULT ? { interval: query.interval } : {}),
  };
}

/** Demo mode's next stop after `current`: every tenant in turn, then the whole platform again. */
export function nextDemoTenant(tenantIds: readonly string[], current: string | null): string | null {
  if (tenantIds.length === 0) return null;
  if (current === null) return tenantIds[0]!;
  const index = tenantIds.indexOf(current);
  return index === -1 || index === tenantIds.length - 1 ? null : tenantIds[index + 1]!;
}
