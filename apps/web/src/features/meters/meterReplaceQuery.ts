import { METER_REPLACEMENT_SORT_COLUMNS, type MeterReplacementListQuery } from '@hydrolog/schemas';
import {
  type PageQuery,
  parsePage,
  parseSort,
  queryDate,
  queryText,
  type SortQuery,
} from '../../lib/listQuery.ts';

/** The filter bar of the meter replacement page, as typed (kept in the URL). */
export interface MeterReplaceFilters {
  meterNo: string;
  fromDay: string;
  toDay: string;
}
export const EMPTY_METER_REPLACE_FILTERS: MeterReplaceFilters = { meterNo: '', fromDay: '', toDay: '' };
export interface MeterReplaceQuery
  extends MeterReplaceFilters,
    PageQuery,
    SortQuery<(typeof METER_REPLACEMENT_SORT_COLUMNS)[number]> {}

export const parseMeterReplaceQuery = (search: Record<string, unknown>): MeterReplaceQuery => ({
  meterNo: queryText(search.meterNo, 32),
  fromDay: queryDate(search.fromDay),
  toDay: queryDate(search.toDay),
  ...parseSort(search, METER_REPLACEMENT_SORT_COLUMNS),
  ...parsePage(search),
});

export const meterReplaceFilter = (f: MeterReplaceFilters): MeterReplacementListQuery => ({
  meterNo: f.meterNo.trim() || undefined,
  fromDay: f.fromDay || undefined,
  toDay: f.toDay || undefined,
});
