export * from './bill.ts';
export * from './debt.ts';
export * from './deduction.ts';
export * from './price-schemes.ts';
export * from './recharge.ts';
export * from './surcharge.ts';
export * from './tariff.ts';
