import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'report/history/index': lazyRouteComponent(() => import('./MeterHistory.tsx'), 'MeterHistory'),
  'report/readingRate/index': lazyRouteComponent(() => import('./ReadingRate.tsx'), 'ReadingRate'),
};
