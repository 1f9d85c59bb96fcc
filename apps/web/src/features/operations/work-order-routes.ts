import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The work order pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const workOrderPages: Record<string, RouteComponent> = {
  'workOrder/maintenance/index': lazyRouteComponent(
    () => import('./WorkOrders.tsx'),
    'MaintenanceWorkOrders',
  ),
  'workOrder/reading/index': lazyRouteComponent(() => import('./WorkOrders.tsx'), 'ReadingWorkOrders'),
  'workOrder/mine/index': lazyRouteComponent(() => import('./MyWorkOrders.tsx'), 'MyWorkOrders'),
};
