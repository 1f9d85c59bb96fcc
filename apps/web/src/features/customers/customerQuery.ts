import { CUSTOMER_SORT_COLUMNS, type CustomerStatus, customerStatusSchema } from '@hydrolog/schemas';
import {
  type PageQuery,
  parsePage,
  parseSort,
  queryId,
  queryOption,
  queryText,
  type SortQuery,
} from '../../lib/listQuery.ts';
import type { CustomerFilter } from './api/customers.ts';

export const CUSTOMER_STATUSES = customerStatusSchema.options;

/** The filter bar of the customers page, as typed. */
export interface CustomerFilters {
  accountNo: string;
  name: string;
  phone: string;
  meterNo: string;
  customerTypeId: string;
  status: CustomerStatus | '';
}

export const EMPTY_CUSTOMER_FILTERS: CustomerFilters = {
  accountNo: '',
  name: '',
  phone: '',
  meterNo: '',
  customerTypeId: '',
  status: '',
};

export interface CustomerQuery
  extends CustomerFilters,
    PageQuery,
    SortQuery<(typeof CUSTOMER_SORT_COLUMNS)[number]> {}

/** Reads the query from URL search params; anything invalid falls back to its default. */
export function parseCustomerQuery(search: Record<string, unknown>): CustomerQuery {
  return {
    accountNo: queryText(search.accountNo, 32),
    name: queryText(search.name, 20),
    phone: queryText(search.phone, 11),
    meterNo: queryText(search.meterNo, 32),
    customerTypeId: queryId(search.customerTypeId),
    status: queryOption(search.status, CUSTOMER_STATUSES),
    ...parseSort(search, CUSTOMER_SORT_COLUMNS),
    ...parsePage(search),
  };
}

/** The filters of GET /business/customer/list and of the export. */
export function customerFilter(filters: CustomerFilters): CustomerFilter {
  return {
    accountNo: filters.accountNo.trim() || undefined,
    name: filters.name.trim() || undefined,
    phone: filters.phone.trim() || undefined,
    meterNo: filters.meterNo.trim() || undefined,
    customerTypeId: filters.customerTypeId || undefined,
    status: filters.status || undefined,
  };
}

export const isCustomerFiltered = (filters: CustomerFilters): boolean =>
  Object.values(customerFilter(filters)).some((v) => v !== undefined);
