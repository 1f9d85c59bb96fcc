export * from './commands.ts';
export * from './events.ts';
export * from './gateways.ts';
export * from './groups.ts';
export * from './meters.ts';
export * from './moves.ts';
export * from './replacement.ts';
export * from './routes.ts';
