import { combine } from './combine.ts';
import type { Messages } from './en.ts';
import { billing } from './zh-CN/billing.ts';
import { bills } from './zh-CN/bills.ts';
import { cascade } from './zh-CN/cascade.ts';
import { common } from './zh-CN/common.ts';
import { customers } from './zh-CN/customers.ts';
import { dashboard } from './zh-CN/dashboard.ts';
import { devices } from './zh-CN/devices.ts';
import { identity } from './zh-CN/identity.ts';
import { meters } from './zh-CN/meters.ts';
import { operations } from './zh-CN/operations.ts';
import { platform } from './zh-CN/platform.ts';
import { prepaid } from './zh-CN/prepaid.ts';
import { readingPlans } from './zh-CN/reading-plans.ts';
import { readings } from './zh-CN/readings.ts';
import { surcharges } from './zh-CN/surcharges.ts';
import { system } from './zh-CN/system.ts';
import { workOrders } from './zh-CN/work-orders.ts';

/** Every text a person reads, in Simplified Chinese, by context. */
export const zhCN: Messages = combine(
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
