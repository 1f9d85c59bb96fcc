import { combine } from './combine.ts';
import { billing } from './en/billing.ts';
import { bills } from './en/bills.ts';
import { cascade } from './en/cascade.ts';
import { common } from './en/common.ts';
import { customers } from './en/customers.ts';
import { dashboard } from './en/dashboard.ts';
import { devices } from './en/devices.ts';
import { identity } from './en/identity.ts';
import { meters } from './en/meters.ts';
import { operations } from './en/operations.ts';
import { platform } from './en/platform.ts';
import { prepaid } from './en/prepaid.ts';
import { readingPlans } from './en/reading-plans.ts';
import { readings } from './en/readings.ts';
import { surcharges } from './en/surcharges.ts';
import { system } from './en/system.ts';
import { workOrders } from './en/work-orders.ts';

/** Every text a person reads, in English, by context: the catalogue whose keys every language has. */
export const en = combine(
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

/** The shape of every language's catalogue; its leaves are the message keys. */
export type Messages = typeof en;
