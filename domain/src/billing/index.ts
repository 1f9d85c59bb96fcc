export * from './tariff.ts';
