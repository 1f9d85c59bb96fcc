export { priceSchemeRoutes } from './routes.ts';
