export * from './alarms.ts';
export * from './events.ts';
export * from './manual-readings.ts';
export * from './reading-plans.ts';
export * from './routes.ts';
export * from './work-order-events.ts';
export * from './work-order-routes.ts';
export * from './work-orders.ts';
