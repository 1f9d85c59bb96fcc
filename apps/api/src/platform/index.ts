export { registrationRoutes } from './registration-routes.ts';
export { platformRoutes } from './routes.ts';
export { tenantRoutes } from './tenant-routes.ts';
