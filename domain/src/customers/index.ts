export * from './customers.ts';
