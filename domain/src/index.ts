export * from './decider.ts';
export * from './tenant.ts';

import { tenantDecider } from './tenant.ts';

/** Every aggregate by stream category, for tools that fold any stream (the operator CLI's history). */
export const aggregates = { [tenantDecider.category]: tenantDecider } as const;
