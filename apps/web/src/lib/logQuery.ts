import {
  type BusinessType,
  businessTypeSchema,
  type LoginLogQuery,
  type OperLogQuery,
} from '@hydrolog/schemas';
import dayjs from 'dayjs';
import { z } from 'zod';
import { filterField, type PageQuery } from './listQuery.ts';

/** The login log and operation log queries as kept in the URL: filters as typed, dates as YYYY-MM-DD. */

export const LOG_STATUSES = ['0', '1'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];
export const BUSINESS_TYPES: readonly BusinessType[] = businessTypeSchema.options;

/** A time range of whole local days, as the filter bars show it. */
export interface DateRange {
  beginTime: string;
  endTime: string;
}

export const EMPTY_RANGE: DateRange = { beginTime: '', endTime: '' };

/** Spec section 9 date presets: the last `days` days, today included. */
export function lastDays(days: number, today = dayjs()): DateRange {
  return {
    beginTime: today.subtract(days - 1, 'day').format('YYYY-MM-DD'),
    endTime: today.format('YYYY-MM-DD'),
  };
}

/** The range for the server: from the start of the first local day (00:00:00) to the end of the last (23:59:59). */
export function rangeQuery(range: DateRange): { beginTime?: string; endTime?: string } {
  return {
    beginTime: range.beginTime ? dayjs(range.beginTime).startOf('day').toISOString() : undefined,
    endTime: range.endTime ? dayjs(range.endTime).endOf('day').toISOString() : undefined,
  };
}

/** A range given backwards is read the right way round. */
export function inOrder<R extends DateRange>(range: R): R {
  const { beginTime, endTime } = range;
  return beginTime && endTime && beginTime > endTime
    ? { ...range, beginTime: endTime, endTime: beginTime }
    : range;
}

/** The fields of a date range filter, read from the URL (a filter schema's `.transform(inOrder)` orders them). */
export const rangeFields = { beginTime: filterField.date(), endTime: filterField.date() };

/** A date range filter and the status filter as the server takes them. */
const common = (filters: DateRange & { status: LogStatus | '' }) => ({
  status: filters.status || undefined,
  ...rangeQuery(filters),
});

// ---- Login log ---------------------------------------------------------------------------------------

export interface LoginLogFilters extends DateRange {
  userName: string;
  ipaddr: string;
  status: LogStatus | '';
}
export type LoginLogListQuery = LoginLogFilters & PageQuery;

export const EMPTY_LOGIN_LOG_FILTERS: LoginLogFilters = {
  userName: '',
  ipaddr: '',
  status: '',
  ...EMPTY_RANGE,
};

export const loginLogFilters = z
  .object({
    userName: filterField.text(100),
    ipaddr: filterField.text(64),
    status: filterField.option(LOG_STATUSES),
    ...rangeFields,
  })
  .transform(inOrder);

/** The filter of GET /monitor/logininfor/list and of the export, without the page. */
export function loginLogFilter(filters: LoginLogFilters): Omit<LoginLogQuery, 'pageNum' | 'pageSize'> {
  return {
    userName: filters.userName.trim() || undefined,
    ipaddr: filters.ipaddr.trim() || undefined,
    ...common(filters),
  };
}

// ---- Operation log -----------------------------------------------------------------------------------

export interface OperLogFilters extends DateRange {
  title: string;
  operName: string;
  businessType: BusinessType | '';
  status: LogStatus | '';
}
export type OperLogListQuery = OperLogFilters & PageQuery;

export const EMPTY_OPER_LOG_FILTERS: OperLogFilters = {
  title: '',
  operName: '',
  businessType: '',
  status: '',
  ...EMPTY_RANGE,
};

export const operLogFilters = z
  .object({
    title: filterField.text(100),
    operName: filterField.text(100),
    businessType: filterField.option(BUSINESS_TYPES),
    status: filterField.option(LOG_STATUSES),
    ...rangeFields,
  })
  .transform(inOrder);

/** The filter of GET /monitor/operlog/list and of the export, without the page. */
export function operLogFilter(filters: OperLogFilters): Omit<OperLogQuery, 'pageNum' | 'pageSize'> {
  return {
    title: filters.title.trim() || undefined,
    operName: filters.operName.trim() || undefined,
    businessType: filters.businessType || undefined,
    ...common(filters),
  };
}

/** The parameters of a logged request, pretty-printed when they are JSON. */
export function prettyParams(operParam: string): string {
  if (!operParam.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(operParam), null, 2);
  } catch {
    return operParam;
  }
}
