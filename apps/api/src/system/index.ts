export { dictTypeRoutes } from './dict-type-routes.ts';
export { auditRoutes } from './log-routes.ts';
export { noticeRoutes } from './notice-routes.ts';
export { systemRoutes } from './routes.ts';
