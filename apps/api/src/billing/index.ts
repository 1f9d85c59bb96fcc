export { priceSchemeOf } from './price-schemes.ts';
export { priceSchemeRoutes } from './routes.ts';
