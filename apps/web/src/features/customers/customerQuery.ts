import {
  type CUSTOMER_SORT_COLUMNS,
  type CustomerStatus,
  customerStatusSchema,
  METER_NO_MAX,
} from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery, type SortQuery } from '../../lib/listQuery.ts';
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
export const customerFilters = z.object({
  accountNo: filterField.text(32),
  name: filterField.text(20),
  phone: filterField.text(11),
  meterNo: filterField.text(32),
  customerTypeId: filterField.id(),
  status: filterField.option(CUSTOMER_STATUSES),
});

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

/**
 * What the open-account meter picker searches for, whatever is typed: the meter number the text can be,
 * its first word (a picked label begins with the number, so a label or part of one searches by its number),
 * cut to the longest meter number the server takes.
 */
export const meterSearchOf = (text: string): string =>
  (text.trim().split(/[\s·]+/)[0] ?? '').slice(0, METER_NO_MAX);
