export * from './demo.ts';
export * from './faults.ts';
export * from './fleet.ts';
export * from './gateway-client.ts';
export * from './model.ts';
export * from './random.ts';
export * from './simulator.ts';
export * from './time.ts';
