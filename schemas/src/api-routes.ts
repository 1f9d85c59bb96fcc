import { billingRoutes } from './billing/index.ts';
import { cascadeRoutes } from './cascade/index.ts';
import { customersRoutes } from './customers/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { devicesRoutes } from './devices/index.ts';
import { identityRoutes } from './identity/index.ts';
import { metersRoutes } from './meters/index.ts';
import {
  manualReadingRoutes,
  operationsRoutes,
  readingPlanRoutes,
  workOrderRoutes,
} from './operations/index.ts';
import { platformRoutes } from './platform/index.ts';
import { readingsRoutes } from './readings/index.ts';
import { systemRoutes } from './system/index.ts';

/** Every route the browser calls, by `METHOD /path`: the route contract of the API. */
export const apiRoutes = {
  ...billingRoutes,
  ...cascadeRoutes,
  ...customersRoutes,
  ...dashboardRoutes,
  ...devicesRoutes,
  ...identityRoutes,
  ...metersRoutes,
  ...operationsRoutes,
  ...workOrderRoutes,
  ...manualReadingRoutes,
  ...readingPlanRoutes,
  ...platformRoutes,
  ...readingsRoutes,
  ...systemRoutes,
};
