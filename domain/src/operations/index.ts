export * from './manual-reading.ts';
export * from './reading-plan.ts';
export * from './work-order.ts';
