import type {
  DeductionListQuery,
  PriceSchemeBody,
  PriceSchemeListQuery,
  PriceTrialBody,
  UpdatePriceSchemeBody,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Price schemes of the caller's tenant and their trial calculation (/business/priceScheme). */
export const listPriceSchemes = (query: { pageNum: number; pageSize: number } & PriceSchemeListQuery) =>
  api.call('GET /business/priceScheme/list', { query });
export const getPriceScheme = (priceSchemeId: string) =>
  api.data('GET /business/priceScheme/:priceSchemeId', { params: { priceSchemeId } });
export const createPriceScheme = (body: PriceSchemeBody) => api.data('POST /business/priceScheme', { body });
export const revisePriceScheme = (body: UpdatePriceSchemeBody) =>
  api.data('PUT /business/priceScheme', { body });
export const deletePriceSchemes = (ids: readonly string[]) =>
  api.call('DELETE /business/priceScheme/:ids', { params: { ids: ids.join(',') } });
export const exportPriceSchemes = (filter: PriceSchemeListQuery) =>
  api.download('POST /business/priceScheme/export', exportName('price-schemes'), { body: filter });
export const trialCalculation = (body: PriceTrialBody) =>
  api.data('POST /business/priceScheme/trial', { body });

/** The prepaid deduction: the days accounts paid for, and a run on demand (/business/deduction). */
export const listDeductions = (query: { pageNum: number; pageSize: number } & DeductionListQuery) =>
  api.call('GET /business/deduction/list', { query });
export const runDeduction = () => api.data('POST /business/deduction/run', {});
