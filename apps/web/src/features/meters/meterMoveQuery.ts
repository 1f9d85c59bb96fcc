import type { METER_MOVE_SORT_COLUMNS, MeterMoveListQuery } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery, type SortQuery } from '../../lib/listQuery.ts';

/** The filter bar of the meter move record, as typed (kept in the URL). */
export interface MeterMoveFilters {
  meterNo: string;
  tenantId: string;
  fromDay: string;
  toDay: string;
}
export interface MeterMoveQuery
  extends MeterMoveFilters,
    PageQuery,
    SortQuery<(typeof METER_MOVE_SORT_COLUMNS)[number]> {}

export const meterMoveFilters = z.object({
  meterNo: filterField.text(32),
  tenantId: filterField.id(),
  fromDay: filterField.date(),
  toDay: filterField.date(),
});

export const meterMoveFilter = (f: MeterMoveFilters): MeterMoveListQuery => ({
  meterNo: f.meterNo.trim() || undefined,
  tenantId: f.tenantId || undefined,
  fromDay: f.fromDay || undefined,
  toDay: f.toDay || undefined,
});
