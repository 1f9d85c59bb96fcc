import type { DomainEvent } from '@hydrolog/schemas';

export * from './decider.ts';
export * from './devices.ts';
export * from './identity.ts';
export * from './registration.ts';
export * from './tenant.ts';
export * from './time.ts';
export * from './volumes.ts';

import { gatewayDecider, meterCommandDecider, meterDecider, meterTypeDecider } from './devices.ts';
import {
  configDecider,
  deptDecider,
  dictDataDecider,
  recoveryDecider,
  roleDecider,
  sessionDecider,
  userDecider,
} from './identity.ts';
import { phoneCodeDecider, smsQuotaDecider } from './registration.ts';
import { tenantDecider } from './tenant.ts';

/** What folding a stream needs, for any aggregate. */
export interface Aggregate {
  category: string;
  initialState(): unknown;
  evolve(state: unknown, event: DomainEvent): unknown;
}

/** Every aggregate by stream category, for tools that fold any stream (the operator CLI's history). */
export const aggregates: Record<string, Aggregate> = Object.fromEntries(
  [
    tenantDecider,
    userDecider,
    roleDecider,
    deptDecider,
    sessionDecider,
    recoveryDecider,
    configDecider,
    dictDataDecider,
    gatewayDecider,
    meterTypeDecider,
    meterDecider,
    meterCommandDecider,
    phoneCodeDecider,
    smsQuotaDecider,
  ].map((d) => [d.category, d]),
);
