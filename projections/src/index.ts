export * from './projection.ts';
export * from './runner.ts';
export * from './tenants.ts';

import { tenantsProjection } from './tenants.ts';

/** Every read model of Hydrolog, in the order they are installed. */
export const allProjections = [tenantsProjection];
