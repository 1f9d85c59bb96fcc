export { concentratorRoutes } from './concentrator-routes.ts';
