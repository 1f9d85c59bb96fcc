import type { MeterReplaceBody, MeterReplacementListQuery } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Meter replacements of the caller's tenant (/business/meterReplace). */
type Page = { pageNum: number; pageSize: number };

export const listMeterReplacements = (query: Page & MeterReplacementListQuery) =>
  api.call('GET /business/meterReplace/list', { query });

/** Irreversible: the old meter is taken out and its account moves to the new one. */
export const replaceMeter = (body: MeterReplaceBody) => api.call('POST /business/meterReplace', { body });

export const exportMeterReplacements = (filter: MeterReplacementListQuery) =>
  api.download('POST /business/meterReplace/export', exportName('meter-replacements'), { body: filter });
