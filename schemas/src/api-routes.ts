import { customersRoutes } from './customers/index.ts';
import { identityRoutes } from './identity/index.ts';
import { metersRoutes } from './meters/index.ts';
import { platformRoutes } from './platform/index.ts';

/** Every route the browser calls, by `METHOD /path`: the route contract of the API. */
export const apiRoutes = { ...customersRoutes, ...identityRoutes, ...metersRoutes, ...platformRoutes };
