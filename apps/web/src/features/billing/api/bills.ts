import type { BillCorrectBody, BillListQuery, BillPaymentMethod } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Bills of postpaid accounts, the bill run, paying a bill and correcting one (/business/bill). */
export const listBills = (query: { pageNum: number; pageSize: number } & BillListQuery) =>
  api.call('GET /business/bill/list', { query });
export const getBill = (billId: string) => api.data('GET /business/bill/:billId', { params: { billId } });
export const exportBills = (filter: BillListQuery) =>
  api.download('POST /business/bill/export', exportName('bills'), { body: filter });
export const runBills = (day: string | undefined) =>
  api.data('POST /business/bill/run', { body: day ? { day } : {} });
export const payBill = (billId: string, method: BillPaymentMethod) =>
  api.data('POST /business/bill/pay', { body: { billId, method } });
export const correctBill = (body: BillCorrectBody) => api.data('POST /business/bill/correct', { body });
