import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { readingPlanPages } from './reading-plan-routes.ts';
import { workOrderPages } from './work-order-routes.ts';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'alarm/alarm/index': lazyRouteComponent(() => import('./Alarms.tsx'), 'Alarms'),
  'alarm/rule/index': lazyRouteComponent(() => import('./AlarmRules.tsx'), 'AlarmRules'),
  ...workOrderPages,
  ...readingPlanPages,
};
