import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The meter reading pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const readingPlanPages: Record<string, RouteComponent> = {
  'readMeter/manual/index': lazyRouteComponent(() => import('./ManualReadings.tsx'), 'ManualReadings'),
  'readMeter/walkBy/index': lazyRouteComponent(() => import('./ReadingPlans.tsx'), 'ReadingPlans'),
};
