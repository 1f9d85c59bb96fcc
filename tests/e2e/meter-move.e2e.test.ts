import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { browserTestBed } from './test-bed.ts';

/** expect.poll with room for a loaded machine (the service shares the cores with other work). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const METER = '72000001';

/** A platform operator moves a demo meter with its account to the trial tenant through the browser. */
describe('meter move between tenants in the browser', () => {
  const bed = browserTestBed();
  const { signIn } = bed;
  let page: Page;
  const api = (headers: Record<string, string>, path: string, body?: object) =>
    apiCall(bed.url, headers, body ? 'POST' : 'GET', path, body);
  const meterType = (name: string) => ({
    name,
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 60,
  });
  let demo: Record<string, string>;
  let trial: Record<string, string>;

  beforeAll(async () => {
    demo = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    trial = await apiLogin(bed.url, 'trial_admin', 'Trial123');
    const type = await api(demo, '/business/meterType', meterType('E2E move DN15'));
    const meter = await api(demo, '/business/meter', { meterNo: METER, meterTypeId: type.data.meterTypeId });
    const customerType = await api(demo, '/business/customerType', { name: 'E2E movers' });
    const opened = await api(demo, '/business/customer', {
      accountNo: 'MOVE0001',
      name: 'Zhou Yu',
      phone: '13800000031',
      address: '8 Canal Street',
      customerTypeId: customerType.data.customerTypeId,
      meterId: meter.data.meterId,
    });
    expect(opened.code).toBe(200);
    expect((await api(trial, '/business/meterType', meterType('Trial DN15'))).code).toBe(200);
    expect((await api(trial, '/business/customerType', { name: 'Incoming households' })).code).toBe(200);
    const context = await bed.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1400, height: 1000 },
    });
    page = await context.newPage();
  });

  it('picks meters by customer and meter type, refuses the same tenant, asks, moves and records', async () => {
    const path = '/tenant/meterMove';
    await signIn(page, 'admin', 'Admin123', path);
    await eventually(() => page.getByText('No meter moved yet').count()).toBe(1);

    await page.getByRole('button', { name: 'Move meters' }).click();
    const form = page.getByRole('dialog', { name: 'Move meters' });
    // The label of a required field ends with its asterisk.
    const choose = async (label: string, option: string) => {
      await form.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await eventually(() => form.getByText('Choose the original tenant').count()).toBe(1);
    await choose('Original tenant', 'Demo Water Utility');
    await choose('Customer type', 'E2E movers');
    await choose('Meter type', 'E2E move DN15');
    const candidates = form.getByTestId('meter-move-candidates');
    await eventually(() => candidates.getByText(METER).count()).toBe(1);
    expect(await candidates.innerText()).toContain('8 Canal Street');
    await form.getByRole('checkbox', { name: `Select meter ${METER}` }).check();
    await eventually(() => form.getByText('1 meter selected').count()).toBe(1);

    // The same tenant as target is refused under the field, by the shared schema.
    await choose('New tenant', 'Demo Water Utility');
    await form.getByLabel('Reason').fill('Canal district handed over');
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    await eventually(() => form.getByText('Target tenants cannot choose themselves!').count()).toBe(1);

    await choose('New tenant', 'Trial Water Co.');
    await choose('Customer type there', 'Incoming households');
    await choose('Meter type there', 'Trial DN15');
    await form.getByLabel('Administrator contact').fill('Trial desk 555');
    await form.getByRole('button', { name: 'Move', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Move the meters' });
    await eventually(() => confirm.count()).toBe(1);
    await confirm.getByRole('button', { name: 'Move', exact: true }).click();
    await eventually(() => page.getByText('1 meter moved', { exact: true }).count()).toBeGreaterThan(0);

    const row = page.getByTestId('meter-move-table').getByRole('row', { name: new RegExp(METER) });
    await eventually(() => row.count()).toBe(1);
    const text = await row.innerText();
    for (const shown of ['Demo Water Utility', 'Trial Water Co.', 'E2E move DN15 → Trial DN15', 'MOVE0001'])
      expect(text).toContain(shown);

    // The trial tenant has the meter and its account now; the demo tenant has neither.
    expect((await api(trial, `/business/meter/list?meterNo=${METER}`)).total).toBe(1);
    expect((await api(trial, '/business/customer/list?accountNo=MOVE0001')).total).toBe(1);
    expect((await api(demo, `/business/meter/list?meterNo=${METER}`)).total).toBe(0);
  });
});
