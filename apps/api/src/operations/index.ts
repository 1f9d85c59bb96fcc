export { manualReadingRoutes } from './manual-reading-routes.ts';
export { readingPlanRoutes } from './reading-plan-routes.ts';
export { workOrderRoutes } from './work-order-routes.ts';
