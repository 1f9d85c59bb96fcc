export * from './work-order-projection.ts';
export * from './work-order-queries.ts';
