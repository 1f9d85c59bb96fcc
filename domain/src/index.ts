import type { DomainEvent } from '@hydrolog/schemas';

export * from './billing/index.ts';
export * from './cascade/index.ts';
export * from './customers/index.ts';
export * from './decider.ts';
export * from './devices/index.ts';
export * from './identity/index.ts';
export * from './meters/index.ts';
export * from './money.ts';
export * from './operations/index.ts';
export * from './platform/index.ts';
export * from './readings/index.ts';
export * from './system/index.ts';
export * from './time.ts';

import { priceSchemeDecider } from './billing/index.ts';
import { cascadeAlarmDecider, cascadeCalendarDecider, cascadeDecider } from './cascade/index.ts';
import { customerDecider, customerTypeDecider } from './customers/index.ts';
import {
  deviceDecider,
  deviceRegionDecider,
  flowMeterDecider,
  pressureAlarmDecider,
  pressureMeterDecider,
} from './devices/index.ts';
import {
  deptDecider,
  menuTreeDecider,
  recoveryDecider,
  roleDecider,
  sessionDecider,
  userDecider,
} from './identity/index.ts';
import {
  gatewayDecider,
  meterCommandDecider,
  meterDecider,
  meterGroupDecider,
  meterTypeDecider,
} from './meters/index.ts';
import {
  alarmNoticesDecider,
  alarmRuleDecider,
  manualReadingDecider,
  meterAlarmDecider,
  readingPlanDecider,
  workOrderDecider,
} from './operations/index.ts';
import {
  agentAccountDecider,
  carrierDecider,
  phoneCodeDecider,
  regionDecider,
  smsQuotaDecider,
  tenantDecider,
  thirdPartyDecider,
} from './platform/index.ts';
import { configDecider, dictDataDecider, dictTypeDecider, noticeDecider } from './system/index.ts';

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
    deviceDecider,
    deviceRegionDecider,
    agentAccountDecider,
    priceSchemeDecider,
    meterAlarmDecider,
    alarmRuleDecider,
    alarmNoticesDecider,
    workOrderDecider,
    manualReadingDecider,
    flowMeterDecider,
    pressureMeterDecider,
    pressureAlarmDecider,
    readingPlanDecider,
  ].map((d) => [d.category, d]),
);
