export * from './manual-reading.ts';
export * from './work-order.ts';
