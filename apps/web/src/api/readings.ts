import type { MeterHistory, MeterHistoryQuery, ReadingRate, ReadingRatePeriod } from '@hydrolog/schemas';
import { requestData } from './request.ts';

/** The readings read models of the back office: the tenant's reading rate and a meter's history (/report). */

export type {
  MeterFrozen,
  MeterHistory,
  MeterHistoryQuery,
  MeterReading,
  ReadingRate,
  ReadingRateDay,
  ReadingRatePeriod,
  VolumeRow,
} from '@hydrolog/schemas';
export { READING_RATE_PERIODS } from '@hydrolog/schemas';

export const getReadingRate = (days: ReadingRatePeriod) =>
  requestData<ReadingRate>('/report/readingRate/list', { query: { days } });

/** An unknown meter is refused with code 500 (error.meter.notFound); a backwards range with a field error on `to`. */
export const getMeterHistory = (query: MeterHistoryQuery) =>
  requestData<MeterHistory>('/report/history/meter', { query: { ...query } });
