import { combine } from './combine.ts';
import type { Messages } from './en.ts';
import { billing } from './id/billing.ts';
import { bills } from './id/bills.ts';
import { cascade } from './id/cascade.ts';
import { common } from './id/common.ts';
import { customers } from './id/customers.ts';
import { dashboard } from './id/dashboard.ts';
import { devices } from './id/devices.ts';
import { identity } from './id/identity.ts';
import { meters } from './id/meters.ts';
import { operations } from './id/operations.ts';
import { platform } from './id/platform.ts';
import { prepaid } from './id/prepaid.ts';
import { readingPlans } from './id/reading-plans.ts';
import { readings } from './id/readings.ts';
import { surcharges } from './id/surcharges.ts';
import { system } from './id/system.ts';
import { workOrders } from './id/work-orders.ts';

/** Every text a person reads, in Indonesian, by context. */
export const id: Messages = combine(
  common,
  identity,
  platform,
  system,
  customers,
  meters,
  readings,
  cascade,
  dashboard,
  billing,
  bills,
  operations,
  workOrders,
  readingPlans,
  surcharges,
  prepaid,
  devices,
);
