import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'business/priceScheme/index': lazyRouteComponent(() => import('./PriceSchemes.tsx'), 'PriceSchemes'),
  'business/surcharge/index': lazyRouteComponent(() => import('./SurchargeSchemes.tsx'), 'SurchargeSchemes'),
  'business/personalSurcharge/index': lazyRouteComponent(
    () => import('./PersonalSurcharges.tsx'),
    'PersonalSurcharges',
  ),
  'business/debt/index': lazyRouteComponent(() => import('./Debts.tsx'), 'Debts'),
  'business/bill/index': lazyRouteComponent(() => import('./Bills.tsx'), 'Bills'),
  'business/trade/index': lazyRouteComponent(() => import('./Transactions.tsx'), 'Transactions'),
  'business/deduction/index': lazyRouteComponent(() => import('./Deductions.tsx'), 'Deductions'),
  'business/recharge/index': lazyRouteComponent(() => import('./Recharges.tsx'), 'Recharges'),
};
