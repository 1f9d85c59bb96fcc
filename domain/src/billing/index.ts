export * from './price-schemes.ts';
export * from './tariff.ts';
