import { describe, expect, it } from 'vitest';
import {
  customerFilter,
  EMPTY_CUSTOMER_FILTERS,
  isCustomerFiltered,
  parseCustomerQuery,
} from './customerQuery.ts';

describe('customer list query', () => {
  it('keeps valid filters from the URL and drops invalid ones', () => {
    const query = parseCustomerQuery({
      accountNo: ' A0001 ',
      status: 'frozen',
      customerTypeId: 'not-a-uuid',
      pageSize: 50,
      pageNum: 3,
    });
    expect(query).toMatchObject({
      accountNo: 'A0001',
      status: 'frozen',
      customerTypeId: '',
      pageSize: 50,
      pageNum: 3,
    });
    expect(parseCustomerQuery({ status: 'closed', pageSize: 7 })).toMatchObject({ status: '', pageSize: 20 });
  });

  it('sends only the filters that are set', () => {
    expect(customerFilter({ ...EMPTY_CUSTOMER_FILTERS, meterNo: '1001' })).toEqual({
      accountNo: undefined,
      name: undefined,
      phone: undefined,
      meterNo: '1001',
      customerTypeId: undefined,
      status: undefined,
    });
    expect(isCustomerFiltered(EMPTY_CUSTOMER_FILTERS)).toBe(false);
    expect(isCustomerFiltered({ ...EMPTY_CUSTOMER_FILTERS, status: 'active' })).toBe(true);
  });
});
