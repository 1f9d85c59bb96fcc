import type { DomainEvent } from '@hydrolog/schemas';

export * from './admin.ts';
export * from './cascade.ts';
export * from './customers.ts';
export * from './decider.ts';
export * from './devices.ts';
export * from './identity.ts';
export * from './leak-detection.ts';
export * from './leakage.ts';
export * from './platform.ts';
export * from './registration.ts';
export * from './tenant.ts';
export * from './time.ts';
export * from './volumes.ts';

import { dictTypeDecider, menuTreeDecider, noticeDecider } from './admin.ts';
import { cascadeAlarmDecider, cascadeCalendarDecider, cascadeDecider } from './cascade.ts';
import { customerDecider, customerTypeDecider } from './customers.ts';
import {
  gatewayDecider,
  meterCommandDecider,
  meterDecider,
  meterGroupDecider,
  meterTypeDecider,
} from './devices.ts';
import {
  configDecider,
  deptDecider,
  dictDataDecider,
  recoveryDecider,
  roleDecider,
  sessionDecider,
  userDecider,
} from './identity.ts';
import { agentAccountDecider, carrierDecider, regionDecider, thirdPartyDecider } from './platform.ts';
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
    cascadeDecider,
    cascadeAlarmDecider,
    cascadeCalendarDecider,
    customerTypeDecider,
    customerDecider,
    meterGroupDecider,
    phoneCodeDecider,
    smsQuotaDecider,
    menuTreeDecider,
    noticeDecider,
    dictTypeDecider,
    carrierDecider,
    regionDecider,
    thirdPartyDecider,
    agentAccountDecider,
  ].map((d) => [d.category, d]),
);
