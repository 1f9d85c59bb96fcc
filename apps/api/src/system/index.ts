export { dictTypeRoutes } from './dict-type-routes.ts';
export { ensureDictTypes } from './ensure-dict-types.ts';
export { healthRoutes } from './health-routes.ts';
export { auditRoutes } from './log-routes.ts';
export { noticeRoutes } from './notice-routes.ts';
export { systemRoutes } from './routes.ts';
