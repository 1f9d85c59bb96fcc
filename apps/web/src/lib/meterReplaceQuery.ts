import type { MeterReplacementListQuery } from '@hydrolog/schemas';
import { type PageQuery, parsePage, queryDate, queryText } from './listQuery.ts';

/** The filter bar of the meter replacement page, as typed (kept in the URL). */
export interface MeterReplaceFilters {
  meterNo: string;
  fromDay: string;
  toDay: string;
}
export const EMPTY_METER_REPLACE_FILTERS: MeterReplaceFilters = { meterNo: '', fromDay: '', toDay: '' };
export interface MeterReplaceQuery extends MeterReplaceFilters, PageQuery {}

export const parseMeterReplaceQuery = (search: Record<string, unknown>): MeterReplaceQuery => ({
  meterNo: queryText(search.meterNo, 32),
  fromDay: queryDate(search.fromDay),
  toDay: queryDate(search.toDay),
  ...parsePage(search),
});

export const meterReplaceFilter = (f: MeterReplaceFilters): MeterReplacementListQuery => ({
  meterNo: f.meterNo.trim() || undefined,
  fromDay: f.fromDay || undefined,
  toDay: f.toDay || undefined,
});
