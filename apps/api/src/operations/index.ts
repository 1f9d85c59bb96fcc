export { manualReadingRoutes } from './manual-reading-routes.ts';
export { workOrderRoutes } from './work-order-routes.ts';
