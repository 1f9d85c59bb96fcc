import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'gateway/gateway/index': lazyRouteComponent(() => import('./Gateways.tsx'), 'Gateways'),
  'business/meter/index': lazyRouteComponent(() => import('./Meters.tsx'), 'Meters'),
  'business/meterType/index': lazyRouteComponent(() => import('./MeterTypes.tsx'), 'MeterTypes'),
  'business/group/index': lazyRouteComponent(() => import('./MeterGroups.tsx'), 'MeterGroups'),
  'business/valve/index': lazyRouteComponent(() => import('./Valves.tsx'), 'Valves'),
  'business/keyUpdate/index': lazyRouteComponent(() => import('./KeyUpdates.tsx'), 'KeyUpdates'),
  'business/meterReplace/index': lazyRouteComponent(
    () => import('./MeterReplacements.tsx'),
    'MeterReplacements',
  ),
  'tenant/meterMove/index': lazyRouteComponent(() => import('./MeterMoves.tsx'), 'MeterMoves'),
};
