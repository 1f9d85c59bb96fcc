export * from './manual-reading-projection.ts';
export * from './manual-reading-queries.ts';
export * from './reading-plan-projection.ts';
export * from './reading-plan-queries.ts';
export * from './work-order-projection.ts';
export * from './work-order-queries.ts';
