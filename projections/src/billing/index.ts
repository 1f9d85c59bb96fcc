export * from './bill-queries.ts';
export * from './bills.ts';
export * from './projection.ts';
export * from './queries.ts';
export * from './surcharge-queries.ts';
export * from './surcharges.ts';
export * from './transaction-queries.ts';
export * from './transactions.ts';
