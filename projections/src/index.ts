export * from './billing/index.ts';
export * from './cascade/index.ts';
export * from './customers/index.ts';
export * from './dashboard/index.ts';
export * from './devices/index.ts';
export * from './identity/index.ts';
export * from './meters/index.ts';
export * from './operations/index.ts';
export * from './partitions.ts';
export * from './platform/index.ts';
export * from './projection.ts';
export * from './readings/index.ts';
export * from './runner.ts';
export * from './system/index.ts';
export * from './tenancy.ts';

import {
  billingProjection,
  billsProjection,
  surchargesProjection,
  transactionsProjection,
} from './billing/index.ts';
import { cascadeProjection } from './cascade/index.ts';
import { customersProjection } from './customers/index.ts';
import { dashboardQueries } from './dashboard/index.ts';
import { devicesProjection } from './devices/index.ts';
import { outboxProjection, sessionsProjection, usersProjection } from './identity/index.ts';
import {
  meterMovesProjection,
  meterRegistryProjection,
  meterReplacementsProjection,
} from './meters/index.ts';
import {
  manualReadingsProjection,
  operationsProjection,
  readingPlansProjection,
  workOrdersProjection,
} from './operations/index.ts';
import { platformProjection, tenantsProjection } from './platform/index.ts';
import { readingsProjection } from './readings/index.ts';
import { adminProjection, operationLogProjection, settingsProjection } from './system/index.ts';

/** Every read model of Hydrolog, in the order they are installed. */
export const allProjections = [
  tenantsProjection,
  usersProjection,
  sessionsProjection,
  outboxProjection,
  settingsProjection,
  operationLogProjection,
  meterRegistryProjection,
  readingsProjection,
  cascadeProjection,
  customersProjection,
  billingProjection,
  surchargesProjection,
  transactionsProjection,
  billsProjection,
  devicesProjection,
  adminProjection,
  platformProjection,
  meterReplacementsProjection,
  meterMovesProjection,
  operationsProjection,
  workOrdersProjection,
  manualReadingsProjection,
  readingPlansProjection,
];

/** The context folders of queries only, which own no table. */
export const allQueryFolders = [dashboardQueries];
