import type { MeterHistoryQuery, ReadingImportQuery, ReadingRatePeriod } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** The readings read models of the back office: the tenant's reading rate and a meter's history (/report). */

export type {
  MeterFrozen,
  MeterHistory,
  MeterHistoryQuery,
  MeterReading,
  ReadingImportForm,
  ReadingImportView,
  ReadingRate,
  ReadingRateDay,
  ReadingRatePeriod,
  UnknownReason,
  VolumeRow,
} from '@hydrolog/schemas';
export { READING_IMPORT_MAX_BYTES, READING_RATE_PERIODS } from '@hydrolog/schemas';

export const getReadingRate = (days: ReadingRatePeriod) =>
  api.data('GET /report/readingRate/list', { query: { days } });

/** An unknown meter is refused with code 500 (error.meter.notFound); a backwards range with a field error on `to`. */
export const getMeterHistory = (query: MeterHistoryQuery) => api.data('GET /report/history/meter', { query });

/** Starts importing historical readings from a file; answers the import's id once the file is sent. */
export const importHistory = (file: File, query: ReadingImportQuery, onProgress: (sent: number) => void) =>
  api.upload('POST /report/history/import', file, query, onProgress);

/** An import's progress (rows refused, readings stored, figures computed). */
export const getHistoryImport = (importId: string) =>
  api.data('GET /report/history/import/:importId', { params: { importId } });

export const downloadHistoryTemplate = (form: ReadingImportQuery['form']) =>
  api.download('POST /report/history/import/template', `history-import-${form}.xlsx`, { query: { form } });
