import type {
  ChangePriceSchemeBody,
  CustomerListQuery,
  CustomerTypeBody,
  CustomerTypeListQuery,
  OpenAccountBody,
  RechargeBody,
  TransferBody,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName, fileForm } from '../../../api/request.ts';

/** Customer types and customer accounts of the caller's tenant (/business/customerType, /business/customer). */
export type ListPage<T> = { code: number; total: number; rows: T[] };

export const listCustomerTypes = (query: { pageNum: number; pageSize: number } & CustomerTypeListQuery) =>
  api.call('GET /business/customerType/list', { query });
export const customerTypeOptions = () => api.data('GET /business/customerType/options');
export const createCustomerType = (body: CustomerTypeBody) =>
  api.data('POST /business/customerType', { body });
export const updateCustomerType = (body: CustomerTypeBody & { customerTypeId: string; version: number }) =>
  api.data('PUT /business/customerType', { body });
export const deleteCustomerTypes = (ids: readonly string[]) =>
  api.call('DELETE /business/customerType/:customerTypeIds', { params: { customerTypeIds: ids.join(',') } });
export const exportCustomerTypes = (filter: CustomerTypeListQuery) =>
  api.download('POST /business/customerType/export', exportName('customer-types'), { body: filter });

export type CustomerFilter = Partial<CustomerListQuery>;

export const listCustomers = (query: CustomerFilter & { pageNum: number; pageSize: number }) =>
  api.call('GET /business/customer/list', { query });
export const getCustomer = (customerId: string) =>
  api.data('GET /business/customer/:customerId', { params: { customerId } });
export const customerHistory = (customerId: string) =>
  api.data('GET /business/customer/:customerId/history', { params: { customerId } });
export const freeMeters = (meterNo: string) =>
  api.data('GET /business/customer/meterOptions', { query: { meterNo } });
export const openAccount = (body: OpenAccountBody) => api.data('POST /business/customer', { body });

/** Freeze, unfreeze and cancel act on the version the user saw; a stale one is refused with a message. */
export const customerAction = (
  action: 'freeze' | 'unfreeze' | 'cancel',
  customerId: string,
  version: number,
) => api.data(`PUT /business/customer/${action}`, { body: { customerId, version } });
export const transferAccount = (body: TransferBody) => api.data('PUT /business/customer/transfer', { body });
export const changePriceScheme = (body: ChangePriceSchemeBody) =>
  api.data('PUT /business/customer/priceScheme', { body });
export const recharge = (body: RechargeBody) => api.data('POST /business/customer/recharge', { body });
export const refund = (body: { accountNo: string; payChannel: RechargeBody['payChannel'] }) =>
  api.data('POST /business/customer/refund', { body });

export const exportCustomers = (filter: CustomerFilter) =>
  api.download('POST /business/customer/export', exportName('customers'), { body: filter });
export const downloadImportTemplate = () =>
  api.download('POST /business/customer/importTemplate', 'customer-import-template.xlsx');

export const uploadAttachment = (file: File) =>
  api.data('POST /business/customer/attachment', { body: fileForm(file) });

export const importCustomers = (
  file: File,
  customerTypeId: string,
  meterTypeId: string,
  priceSchemeId: string | undefined,
) =>
  api.data('POST /business/customer/import', {
    query: { customerTypeId, meterTypeId, priceSchemeId },
    body: fileForm(file),
  });

/** The tenant's price schemes, to choose the one an account is charged at. */
export const priceSchemeOptions = () => api.data('GET /business/priceScheme/options');
export const meterTypeOptions = () => api.data('GET /business/customer/meterTypeOptions');
