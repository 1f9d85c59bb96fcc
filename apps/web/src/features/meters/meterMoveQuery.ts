import { METER_MOVE_SORT_COLUMNS, type MeterMoveListQuery } from '@hydrolog/schemas';
import {
  type PageQuery,
  parsePage,
  parseSort,
  queryDate,
  queryId,
  queryText,
  type SortQuery,
} from '../../lib/listQuery.ts';

/** The filter bar of the meter move record, as typed (kept in the URL). */
export interface MeterMoveFilters {
  meterNo: string;
  tenantId: string;
  fromDay: string;
  toDay: string;
}
export const EMPTY_METER_MOVE_FILTERS: MeterMoveFilters = {
  meterNo: '',
  tenantId: '',
  fromDay: '',
  toDay: '',
};
export interface MeterMoveQuery
  extends MeterMoveFilters,
    PageQuery,
    SortQuery<(typeof METER_MOVE_SORT_COLUMNS)[number]> {}

export const parseMeterMoveQuery = (search: Record<string, unknown>): MeterMoveQuery => ({
  meterNo: queryText(search.meterNo, 32),
  tenantId: queryId(search.tenantId),
  fromDay: queryDate(search.fromDay),
  toDay: queryDate(search.toDay),
  ...parseSort(search, METER_MOVE_SORT_COLUMNS),
  ...parsePage(search),
});

export const meterMoveFilter = (f: MeterMoveFilters): MeterMoveListQuery => ({
  meterNo: f.meterNo.trim() || undefined,
  tenantId: f.tenantId || undefined,
  fromDay: f.fromDay || undefined,
  toDay: f.toDay || undefined,
});
