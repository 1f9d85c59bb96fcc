export * from './bills.ts';
export * from './debts.ts';
export * from './events.ts';
export * from './price-schemes.ts';
export * from './routes.ts';
export * from './surcharge-events.ts';
export * from './surcharges.ts';
export * from './transactions.ts';
