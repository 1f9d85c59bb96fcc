export { administratorRole, provisionTenant, type TenantProvision } from './provision-tenant.ts';
export { registrationRoutes } from './registration-routes.ts';
export { platformRoutes } from './routes.ts';
export { tenantRoutes } from './tenant-routes.ts';
