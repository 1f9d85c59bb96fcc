export { openDebtsOf } from './debts.ts';
export { priceSchemeOf } from './price-schemes.ts';
export { priceSchemeRoutes } from './routes.ts';
export { surchargeRoutes } from './surcharge-routes.ts';
