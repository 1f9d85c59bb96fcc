export * from './concentrators.ts';
export * from './devices.ts';
export * from './flow-meters.ts';
export * from './pressure-alarms.ts';
export * from './pressure-meters.ts';
export * from './routes.ts';
