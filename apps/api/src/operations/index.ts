export { workOrderRoutes } from './work-order-routes.ts';
