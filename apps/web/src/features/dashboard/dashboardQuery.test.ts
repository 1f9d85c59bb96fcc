import { describe, expect, it } from 'vitest';
import {
  homeSearch,
  nextDemoTenant,
  parseHomeQuery,
  parseTenantDashboardQuery,
  tenantDashboardSearch,
} from './dashboardQuery.ts';

const A = '00000000-0000-7000-8000-000000000002';
const B = '00000000-0000-7000-8000-000000000003';

describe('dashboard queries in the URL', () => {
  it('keeps the usage preset to 7, 30 or 90 days, the default out of the URL', () => {
    expect(parseHomeQuery({ days: '30' })).toEqual({ days: 30 });
    expect(parseHomeQuery({ days: 90 })).toEqual({ days: 90 });
    expect(parseHomeQuery({ days: '15' })).toEqual({ days: 7 });
    expect(homeSearch({ days: 7 })).toEqual({});
    expect(homeSearch({ days: 90 })).toEqual({ days: 90 });
  });

  it('reads the tenant, demo mode and its interval, refusing what is not one', () => {
    expect(parseTenantDashboardQuery({ tenantId: A, demo: '1', interval: '5' })).toEqual({
      tenantId: A,
      demo: true,
      interval: 5,
    });
    expect(parseTenantDashboardQuery({ tenantId: 'x', demo: '0', interval: '1' })).toEqual({
      tenantId: null,
      demo: false,
      interval: 10,
    });
    expect(tenantDashboardSearch({ tenantId: null, demo: false, interval: 10 })).toEqual({});
    expect(tenantDashboardSearch({ tenantId: B, demo: true, interval: 30 })).toEqual({
      tenantId: B,
      demo: 1,
      interval: 30,
    });
  });

  it('cycles demo mode through every tenant, then the whole platform', () => {
    expect(nextDemoTenant([A, B], null)).toBe(A);
    expect(nextDemoTenant([A, B], A)).toBe(B);
    expect(nextDemoTenant([A, B], B)).toBeNull();
    expect(nextDemoTenant([A, B], 'gone')).toBeNull();
    expect(nextDemoTenant([], null)).toBeNull();
  });
});
