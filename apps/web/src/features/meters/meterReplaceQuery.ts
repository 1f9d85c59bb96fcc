import type { METER_REPLACEMENT_SORT_COLUMNS, MeterReplacementListQuery } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery, type SortQuery } from '../../lib/listQuery.ts';

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

export const meterReplaceFilters = z.object({
  meterNo: filterField.text(32),
  fromDay: filterField.date(),
  toDay: filterField.date(),
});

export const meterReplaceFilter = (f: MeterReplaceFilters): MeterReplacementListQuery => ({
  meterNo: f.meterNo.trim() || undefined,
  fromDay: f.fromDay || undefined,
  toDay: f.toDay || undefined,
});
