export * from './commands.ts';
export * from './gateways.ts';
export * from './moves.ts';
export * from './projection.ts';
export * from './queries.ts';
export * from './replacements.ts';
