export * from './cascade.ts';
export * from './leak-detection.ts';
export * from './leakage.ts';
