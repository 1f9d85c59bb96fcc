import {
  type BusinessType,
  businessTypeSchema,
  type LoginLogQuery,
  type OperLogQuery,
} from '@hydrolog/schemas';
import dayjs from 'dayjs';
import { type PageQuery, parsePage, queryDate, queryOption, queryText } from './listQuery.ts';

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

function parseRange(search: Record<string, unknown>): DateRange {
  const beginTime = queryDate(search.beginTime);
  const endTime = queryDate(search.endTime);
  // A range given backwards is read the right way round.
  return beginTime && endTime && beginTime > endTime
    ? { beginTime: endTime, endTime: beginTime }
    : { beginTime, endTime };
}

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

export function parseLoginLogQuery(search: Record<string, unknown>): LoginLogListQuery {
  return {
    userName: queryText(search.userName, 100),
    ipaddr: queryText(search.ipaddr, 64),
    status: queryOption(search.status, LOG_STATUSES),
    ...parseRange(search),
    ...parsePage(search),
  };
}

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

export function parseOperLogQuery(search: Record<string, unknown>): OperLogListQuery {
  return {
    title: queryText(search.title, 100),
    operName: queryText(search.operName, 100),
    businessType: queryOption(search.businessType, BUSINESS_TYPES),
    status: queryOption(search.status, LOG_STATUSES),
    ...parseRange(search),
    ...parsePage(search),
  };
}

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
