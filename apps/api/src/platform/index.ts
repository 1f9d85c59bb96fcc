export { agentRoutes } from './agent-routes.ts';
export { administratorRole, provisionTenant, type TenantProvision } from './provision-tenant.ts';
export { recordRoutes } from './record-routes.ts';
export { registrationRoutes } from './registration-routes.ts';
export { tenantRoutes } from './tenant-routes.ts';
