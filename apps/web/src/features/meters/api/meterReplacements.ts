import type { MeterReplaceBody, MeterReplacementListQuery, MeterReplacementView } from '@hydrolog/schemas';
import { download, exportName, request } from '../../../api/request.ts';

/** Meter replacements of the caller's tenant (/business/meterReplace). */
type Page = { pageNum: number; pageSize: number };

export const listMeterReplacements = (query: Page & MeterReplacementListQuery) =>
  request<{ code: number; total: number; rows: MeterReplacementView[] }>('/business/meterReplace/list', {
    query: { ...query },
  });

/** Irreversible: the old meter is taken out and its account moves to the new one. */
export const replaceMeter = (body: MeterReplaceBody) =>
  request<{ code: number }>('/business/meterReplace', { method: 'POST', body });

export const exportMeterReplacements = (filter: MeterReplacementListQuery) =>
  download('/business/meterReplace/export', { ...filter }, exportName('meter-replacements'));
