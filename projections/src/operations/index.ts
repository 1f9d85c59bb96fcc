export * from './detection.ts';
export * from './manual-reading-projection.ts';
export * from './manual-reading-queries.ts';
export * from './projection.ts';
export * from './queries.ts';
export * from './work-order-projection.ts';
export * from './work-order-queries.ts';
