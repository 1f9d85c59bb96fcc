export * from './admin.ts';
export * from './audit-queries.ts';
export * from './cascade.ts';
export * from './customers.ts';
export * from './dashboard-queries.ts';
export * from './devices.ts';
export * from './identity.ts';
export * from './identity-queries.ts';
export * from './meter-moves.ts';
export * from './meter-queries.ts';
export * from './meter-replacements.ts';
export * from './outbox-queries.ts';
export * from './platform.ts';
export * from './projection.ts';
export * from './readings.ts';
export * from './runner.ts';
export * from './tenancy.ts';
export * from './tenants.ts';

import { adminProjection } from './admin.ts';
import { cascadeProjection } from './cascade.ts';
import { customersProjection } from './customers.ts';
import { devicesProjection } from './devices.ts';
import {
  operationLogProjection,
  outboxProjection,
  sessionsProjection,
  settingsProjection,
  usersProjection,
} from './identity.ts';
import { meterMovesProjection } from './meter-moves.ts';
import { meterReplacementsProjection } from './meter-replacements.ts';
import { platformProjection } from './platform.ts';
import { readingsProjection } from './readings.ts';
import { tenantsProjection } from './tenants.ts';

/** Every read model of Hydrolog, in the order they are installed. */
export const allProjections = [
  tenantsProjection,
  usersProjection,
  sessionsProjection,
  outboxProjection,
  settingsProjection,
  operationLogProjection,
  devicesProjection,
  readingsProjection,
  cascadeProjection,
  customersProjection,
  adminProjection,
  platformProjection,
  meterReplacementsProjection,
  meterMovesProjection,
];
