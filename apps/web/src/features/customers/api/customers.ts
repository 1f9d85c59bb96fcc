import type {
  CustomerHistoryEntry,
  CustomerListQuery,
  CustomerRow,
  CustomerTypeBody,
  CustomerTypeListQuery,
  CustomerTypeView,
  CustomerView,
  FreeMeter,
  ImportReport,
  OpenAccountBody,
  RechargeBody,
  TransferBody,
} from '@hydrolog/schemas';
import { download, exportName, request, requestData } from '../../../api/request.ts';

/** Customer types and customer accounts of the caller's tenant (/business/customerType, /business/customer). */
export type ListPage<T> = { code: number; total: number; rows: T[] };

export const listCustomerTypes = (query: { pageNum: number; pageSize: number } & CustomerTypeListQuery) =>
  request<ListPage<CustomerTypeView>>('/business/customerType/list', { query: { ...query } });
export const customerTypeOptions = () => requestData<CustomerTypeView[]>('/business/customerType/options');
export const createCustomerType = (body: CustomerTypeBody) =>
  requestData<CustomerTypeView>('/business/customerType', { method: 'POST', body });
export const updateCustomerType = (body: CustomerTypeBody & { customerTypeId: string; version: number }) =>
  requestData<CustomerTypeView>('/business/customerType', { method: 'PUT', body });
export const deleteCustomerTypes = (ids: readonly string[]) =>
  request<{ code: number }>(`/business/customerType/${ids.join(',')}`, { method: 'DELETE' });
export const exportCustomerTypes = (filter: CustomerTypeListQuery) =>
  download('/business/customerType/export', { ...filter }, exportName('customer-types'));

export type CustomerFilter = Partial<CustomerListQuery>;

export const listCustomers = (query: CustomerFilter & { pageNum: number; pageSize: number }) =>
  request<ListPage<CustomerRow>>('/business/customer/list', { query: { ...query } });
export const getCustomer = (customerId: string) =>
  requestData<CustomerView>(`/business/customer/${customerId}`);
export const customerHistory = (customerId: string) =>
  requestData<CustomerHistoryEntry[]>(`/business/customer/${customerId}/history`);
export const freeMeters = (meterNo: string) =>
  requestData<FreeMeter[]>('/business/customer/meterOptions', { query: { meterNo } });
export const openAccount = (body: OpenAccountBody) =>
  requestData<CustomerView>('/business/customer', { method: 'POST', body });

/** Freeze, unfreeze and cancel act on the version the user saw; a stale one is refused with a message. */
export const customerAction = (
  action: 'freeze' | 'unfreeze' | 'cancel',
  customerId: string,
  version: number,
) =>
  requestData<CustomerView>(`/business/customer/${action}`, { method: 'PUT', body: { customerId, version } });
export const transferAccount = (body: TransferBody) =>
  requestData<CustomerView>('/business/customer/transfer', { method: 'PUT', body });
export const recharge = (body: RechargeBody) =>
  requestData<CustomerView>('/business/customer/recharge', { method: 'POST', body });
export const refund = (body: { accountNo: string; payChannel: RechargeBody['payChannel'] }) =>
  requestData<CustomerView>('/business/customer/refund', { method: 'POST', body });

export const exportCustomers = (filter: CustomerFilter) =>
  download('/business/customer/export', { ...filter }, exportName('customers'));
export const downloadImportTemplate = () =>
  download('/business/customer/importTemplate', {}, 'customer-import-template.xlsx');

export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestData<{ url: string }>('/business/customer/attachment', { method: 'POST', body: form });
}

export function importCustomers(file: File, customerTypeId: string, meterTypeId: string) {
  const form = new FormData();
  form.append('file', file);
  return requestData<ImportReport>('/business/customer/import', {
    method: 'POST',
    query: { customerTypeId, meterTypeId },
    body: form,
  });
}

export const meterTypeOptions = () =>
  requestData<{ meterTypeId: string; name: string; valveControl: boolean }[]>(
    '/business/customer/meterTypeOptions',
  );
