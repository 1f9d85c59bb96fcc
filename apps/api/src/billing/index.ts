export { openDebtsOf } from './debts.ts';
export { issuedIfNamed, runDeduction, startDeductionJob } from './deduction.ts';
export { deductionRoutes } from './deduction-routes.ts';
export { priceSchemeOf } from './price-schemes.ts';
export { debtPaymentSteps, rechargeDueOf } from './recharge-due.ts';
export { priceSchemeRoutes } from './routes.ts';
export { surchargeRoutes } from './surcharge-routes.ts';
