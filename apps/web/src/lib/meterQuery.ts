import type {
  METER_COMMAND_STATE_SORT_COLUMNS,
  METER_GROUP_SORT_COLUMNS,
  METER_SORT_COLUMNS,
  METER_TYPE_SORT_COLUMNS,
  MeterCommandStatus,
  MeterLink,
  MeterListQuery,
  MeterTypeListQuery,
  ValveState,
} from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery, type SortQuery } from './listQuery.ts';

export const COMMUNICATIONS = ['nbiot', 'lorawan', 'wmbus', 'walkBy', 'manual'] as const;
export const CARD_KINDS = ['none', 'ic', 'e55', 'sts'] as const;
export const BILLING_MODES = ['prepaid', 'postpaid'] as const;
export const DATA_SOURCES = ['gateway', 'walkBy', 'manual'] as const;
export const METER_LINKS = ['online', 'offline'] as const satisfies readonly MeterLink[];
export const VALVE_STATES = ['open', 'closed'] as const satisfies readonly ValveState[];

/** The filter bar of the meter types page, as typed. */
export interface MeterTypeFilters {
  name: string;
  billingMode: (typeof BILLING_MODES)[number] | '';
  communication: (typeof COMMUNICATIONS)[number] | '';
}
export interface MeterTypeQuery
  extends MeterTypeFilters,
    PageQuery,
    SortQuery<(typeof METER_TYPE_SORT_COLUMNS)[number]> {}

export const meterTypeFilters = z.object({
  name: filterField.text(50),
  billingMode: filterField.option(BILLING_MODES),
  communication: filterField.option(COMMUNICATIONS),
});

export const meterTypeFilter = (f: MeterTypeFilters): MeterTypeListQuery => ({
  name: f.name.trim() || undefined,
  billingMode: f.billingMode || undefined,
  communication: f.communication || undefined,
});

/** The filter bar of the meters page, as typed. */
export interface MeterFilters {
  meterNo: string;
  meterTypeId: string;
  imei: string;
  link: MeterLink | '';
  valve: ValveState | '';
}
export interface MeterQuery extends MeterFilters, PageQuery, SortQuery<(typeof METER_SORT_COLUMNS)[number]> {}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

export const meterFilters = z.object({
  meterNo: filterField.text(32).transform(digitsOnly),
  meterTypeId: filterField.id(),
  imei: filterField.text(15).transform(digitsOnly),
  link: filterField.option(METER_LINKS),
  valve: filterField.option(VALVE_STATES),
});

export const meterFilter = (f: MeterFilters): MeterListQuery => ({
  meterNo: f.meterNo.trim() || undefined,
  meterTypeId: f.meterTypeId || undefined,
  imei: f.imei.trim() || undefined,
  link: f.link || undefined,
  valve: f.valve || undefined,
});

/** Whether any filter is set: an empty answer then means "no match", not "nothing yet". */
export const isFiltered = (filter: object): boolean => Object.values(filter).some((v) => v !== undefined);

/** The filter bar of the meter groups page. */
export interface MeterGroupFilters {
  name: string;
}
export interface MeterGroupQuery
  extends MeterGroupFilters,
    PageQuery,
    SortQuery<(typeof METER_GROUP_SORT_COLUMNS)[number]> {}
export const meterGroupFilters = z.object({ name: filterField.text(50) });
export const meterGroupFilter = (f: MeterGroupFilters) => ({ name: f.name.trim() || undefined });

/** Meter numbers typed or pasted, separated by English commas (spaces and new lines tolerated). */
export const splitMeterNos = (text: string): string[] => [
  ...new Set(
    text
      .split(/[,\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The filter bar of the valve and key update pages. */
export interface CommandStateFilters {
  meterNo: string;
  pending: '1' | '';
}
export interface CommandStateQuery
  extends CommandStateFilters,
    PageQuery,
    SortQuery<(typeof METER_COMMAND_STATE_SORT_COLUMNS)[number]> {}
export const commandStateFilters = z.object({
  meterNo: filterField.text(32).transform(digitsOnly),
  pending: filterField.option(['1'] as const),
});
export const commandStateFilter = (f: CommandStateFilters) => ({
  meterNo: f.meterNo.trim() || undefined,
  pending: f.pending || undefined,
});

/** Command statuses still under way: the page polls while one is shown. */
export const isCommandUnderWay = (status: string | null): boolean =>
  status === 'sending' || status === 'executing' || status === 'resend';

/** The badge colour of each command status (spec section 4): under way, done, or failed. */
const COMMAND_STATUS_COLORS: Record<MeterCommandStatus, string> = {
  sending: 'blue',
  executing: 'blue',
  resend: 'blue',
  success: 'teal',
  resendSuccess: 'teal',
  fail: 'red',
  timeout: 'red',
};

/** Badge colour of a command status, wherever a command shows. */
export const commandStatusColor = (status: MeterCommandStatus): string => COMMAND_STATUS_COLORS[status];
