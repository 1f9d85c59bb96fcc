import type {
  DebtBody,
  DebtListQuery,
  DebtPaymentBody,
  DebtPlanBody,
  DebtRecordListQuery,
  PersonalSurchargeBody,
  PersonalSurchargeListQuery,
  SurchargeSchemeBody,
  SurchargeSchemeListQuery,
  SurchargeTrialBody,
  TransactionListQuery,
  UpdatePersonalSurchargeBody,
  UpdateSurchargeSchemeBody,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

type Paged = { pageNum: number; pageSize: number };

/** Surcharge schemes with their charging items and the trial calculation (/business/surcharge). */
export const listSurchargeSchemes = (query: Paged & SurchargeSchemeListQuery) =>
  api.call('GET /business/surcharge/list', { query });
export const createSurchargeScheme = (body: SurchargeSchemeBody) =>
  api.data('POST /business/surcharge', { body });
export const updateSurchargeScheme = (body: UpdateSurchargeSchemeBody) =>
  api.data('PUT /business/surcharge', { body });
export const deleteSurchargeSchemes = (ids: readonly string[]) =>
  api.call('DELETE /business/surcharge/:ids', { params: { ids: ids.join(',') } });
export const exportSurchargeSchemes = (filter: SurchargeSchemeListQuery) =>
  api.download('POST /business/surcharge/export', exportName('surcharge-schemes'), { body: filter });
export const surchargeTrial = (body: SurchargeTrialBody) =>
  api.data('POST /business/surcharge/trial', { body });
export const chargingItemOptions = () => api.data('GET /business/surcharge/itemOptions');

/** Charging items bound to one account (/business/personalSurcharge). */
export const listPersonalSurcharges = (query: Paged & PersonalSurchargeListQuery) =>
  api.call('GET /business/personalSurcharge/list', { query });
export const createPersonalSurcharge = (body: PersonalSurchargeBody) =>
  api.data('POST /business/personalSurcharge', { body });
export const updatePersonalSurcharge = (body: UpdatePersonalSurchargeBody) =>
  api.data('PUT /business/personalSurcharge', { body });
export const deletePersonalSurcharges = (ids: readonly string[]) =>
  api.call('DELETE /business/personalSurcharge/:ids', { params: { ids: ids.join(',') } });

/** Debts, their repayment plan, payments and record (/business/debt). */
export const listDebts = (query: Paged & DebtListQuery) => api.call('GET /business/debt/list', { query });
export const addDebt = (body: DebtBody) => api.data('POST /business/debt', { body });
export const planDebt = (body: DebtPlanBody) => api.data('PUT /business/debt/plan', { body });
export const payDebt = (body: DebtPaymentBody) => api.data('PUT /business/debt/pay', { body });
export const listDebtRecords = (query: Paged & DebtRecordListQuery) =>
  api.call('GET /business/debt/record/list', { query });
export const exportDebts = (filter: DebtListQuery) =>
  api.download('POST /business/debt/export', exportName('debts'), { body: filter });

/** Accounts whose number holds `accountNo`, to choose one. */
export const findAccounts = (accountNo: string) =>
  api.call('GET /business/customer/list', { query: { pageNum: 1, pageSize: 20, accountNo } });

/** Transactions (trade records): every movement of an account's money (/business/transaction). */
export const listTransactions = (query: Paged & TransactionListQuery) =>
  api.call('GET /business/transaction/list', { query });
export const exportTransactions = (filter: TransactionListQuery) =>
  api.download('POST /business/transaction/export', exportName('transactions'), { body: filter });
