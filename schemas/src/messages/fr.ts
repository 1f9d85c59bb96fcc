import { combine } from './combine.ts';
import type { Messages } from './en.ts';
import { billing } from './fr/billing.ts';
import { bills } from './fr/bills.ts';
import { cascade } from './fr/cascade.ts';
import { common } from './fr/common.ts';
import { customers } from './fr/customers.ts';
import { dashboard } from './fr/dashboard.ts';
import { devices } from './fr/devices.ts';
import { identity } from './fr/identity.ts';
import { meters } from './fr/meters.ts';
import { operations } from './fr/operations.ts';
import { platform } from './fr/platform.ts';
import { prepaid } from './fr/prepaid.ts';
import { readingPlans } from './fr/reading-plans.ts';
import { readings } from './fr/readings.ts';
import { surcharges } from './fr/surcharges.ts';
import { system } from './fr/system.ts';
import { workOrders } from './fr/work-orders.ts';

/** Every text a person reads, in French, by context. */
export const fr: Messages = combine(
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
