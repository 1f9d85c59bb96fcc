export { startBillRunJob } from './bill-job.ts';
export { billRoutes } from './bill-routes.ts';
export { openDebtsOf } from './debts.ts';
export { priceSchemeOf } from './price-schemes.ts';
export { debtPaymentSteps, rechargeDueOf } from './recharge-due.ts';
export { priceSchemeRoutes } from './routes.ts';
export { runBills } from './run-bills.ts';
export { surchargeRoutes } from './surcharge-routes.ts';
