import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** The context's menu pages by the menu catalogue's component id; each is a chunk fetched when first opened. */
export const pages: Record<string, RouteComponent> = {
  'cascade/partition/index': lazyRouteComponent(() => import('./Partitions.tsx'), 'Partitions'),
  'cascade/analysis/index': lazyRouteComponent(() => import('./CascadeAnalysis.tsx'), 'CascadeAnalysis'),
  'cascade/gis/index': lazyRouteComponent(() => import('./CascadeGis.tsx'), 'CascadeGis'),
};

export const CascadeScreenPage = lazyRouteComponent(() => import('./CascadeScreen.tsx'), 'CascadeScreen');
