export * from './work-order.ts';
