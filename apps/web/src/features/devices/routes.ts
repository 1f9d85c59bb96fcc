import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'gateway/concentrator/index': lazyRouteComponent(() => import('./Concentrators.tsx'), 'Concentrators'),
  'gateway/flow/index': lazyRouteComponent(() => import('./FlowMeters.tsx'), 'FlowMeters'),
  'gateway/pressure/index': lazyRouteComponent(() => import('./PressureMeters.tsx'), 'PressureMeters'),
  'gateway/device/index': lazyRouteComponent(() => import('./Devices.tsx'), 'Devices'),
  'gateway/region/index': lazyRouteComponent(() => import('./DeviceRegions.tsx'), 'DeviceRegions'),
};

/** The full-screen device map at /deviceScreen, outside the shell (opened in a new tab); its chunk brings deck.gl. */
export const DeviceScreenPage = lazyRouteComponent(() => import('./DeviceScreen.tsx'), 'DeviceScreen');
