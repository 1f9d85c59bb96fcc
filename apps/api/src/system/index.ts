export { dictTypeRoutes } from './dict-type-routes.ts';
export { noticeRoutes } from './notice-routes.ts';
