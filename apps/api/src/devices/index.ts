export { concentratorRoutes } from './concentrator-routes.ts';
export { flowMeterRoutes } from './flow-meter-routes.ts';
