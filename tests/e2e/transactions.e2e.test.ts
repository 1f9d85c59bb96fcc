import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** Transactions: a recharge of an account with a planned debt shows as the recharge and the instalment it paid. */
describe('transactions in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  // An account with a debt planned in 3 deductions, recharged once, all through the API.
  beforeAll(async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const api = async (method: string, path: string, body: object) => {
      const answer = await apiCall(bed.url, headers, method, path, body);
      expect(answer.code).toBe(200);
      return answer;
    };
    const type = await api('POST', '/business/meterType', {
      name: 'E2E trade DN15',
      billingMode: 'prepaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const meter = await api('POST', '/business/meter', {
      meterNo: '73000001',
      meterTypeId: type.data.meterTypeId,
    });
    const customerType = await api('POST', '/business/customerType', { name: 'E2E traders' });
    const opened = await api('POST', '/business/customer', {
      accountNo: 'TRADE0001',
      name: 'Sun Li',
      phone: '13800000041',
      customerTypeId: customerType.data.customerTypeId,
      meterId: meter.data.meterId,
    });
    const debt = await api('POST', '/business/debt', {
      customerId: opened.data.customerId,
      debtType: 'water',
      feeName: 'E2E arrears',
      amount: 90,
    });
    await api('PUT', '/business/debt/plan', { debtId: debt.data.debtId, deductions: 3 });
    await api('POST', '/business/customer/recharge', {
      accountNo: 'TRADE0001',
      amount: 100,
      payChannel: '2',
    });
  });

  it('lists the recharge and the debt instalment it paid first, each with the balance after it', async () => {
    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/bill/trade');
    await page.goto(`${bed.url}/bill/trade?accountNo=TRADE0001`);
    const rows = page.getByTestId('transactions-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const cells = async (n: number) => (await rows.nth(n).locator('td').allInnerTexts()).map((c) => c.trim());
    // Newest first: the instalment (30 of the recharge, 70 left on the balance), then the recharge.
    expect((await cells(0)).slice(0, 6)).toEqual([
      'TRADE0001',
      'Sun Li',
      'Debt payment',
      '30.00',
      '-30.00',
      '70.00',
    ]);
    expect((await cells(1)).slice(2, 6)).toEqual(['Recharge', '100.00', '100.00', '100.00']);
    expect(await cells(1)).toContain('Bank card');
    await page.screenshot({ path: join(outputDir, 'transactions-en.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
