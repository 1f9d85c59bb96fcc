export { auditRoutes } from './log-routes.ts';
export { systemRoutes } from './routes.ts';
