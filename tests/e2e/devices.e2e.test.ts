import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

const NUMBER = 'E2E-C-001';
const ADDRESS = '12345678901';
/** expect.poll with room for a loaded machine (the service shares the cores with other work). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

/** The demo tenant's administrator registers a concentrator, and a flow meter and a pressure meter that report through it. */
describe('concentrators, flow and pressure meters in the browser', () => {
  // Pressure alarms evaluated every 2 s, so that a reading above the limit shows as an alarm at once.
  const bed = browserTestBed({ HYDROLOG_METER_ALARM_MS: '2000' });
  const { signIn } = bed;
  let page: Page;
  let key = '';
  const pageErrors: string[] = [];
  beforeAll(async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  /** A row's texts once the page, reloaded for what the server learned since, lists the row again. */
  async function cellsAfterReload(row: Locator) {
    await page.reload();
    await row
      .getByRole('cell')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    return (await row.getByRole('cell').allTextContents()).join(' | ');
  }

  const concentratorRow = () =>
    page
      .getByTestId('concentrators-table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: NUMBER, exact: true }) });

  it('registers a concentrator, whose gateway key is shown once, and lists it offline', async () => {
    await signIn(page, 'demo_admin', 'Demo1234', '/gateway/concentrator');
    await page.getByRole('button', { name: 'New concentrator' }).click();
    const form = page.getByTestId('concentrator-form');
    await form.getByLabel('Number').fill(NUMBER);
    await form.getByRole('button', { name: 'Save' }).click();
    // Number and manufacturer are required (spec section 5): the shared schema says so under the field.
    await eventually(() => form.getByText('Required').count()).toBe(1);
    await form.getByLabel('Manufacturer').fill('Acme Metering');
    await form.getByLabel('Remark').fill('Pump house roof');
    await form.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByRole('dialog', { name: `Key of ${NUMBER}` });
    await eventually(() => shown.count()).toBe(1);
    key = (await shown.getByTestId('secret-value').innerText()).trim();
    expect(key.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    await eventually(() => concentratorRow().count()).toBe(1);
    const cells = await concentratorRow().getByRole('cell').allTextContents();
    expect(cells.join(' | ')).toContain('Acme Metering');
    expect(cells.join(' | ')).toContain('Offline');
    expect(cells.join(' | ')).toContain('Pump house roof');
  });

  it('creates a flow meter, refusing bad addresses under their fields, and shows what its concentrator reports', async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const type = await (
      await fetch(`${bed.url}/prod-api/business/meterType`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'E2E district DN300',
          billingMode: 'postpaid',
          valveControl: false,
          communication: 'nbiot',
          cardKind: 'none',
          reportIntervalMinutes: 15,
        }),
      })
    ).json();
    expect(type.code).toBe(200);

    await page.goto(`${bed.url}/gateway/flow`);
    await page.getByRole('button', { name: 'New flow meter' }).click();
    const form = page.getByTestId('flow-meter-form');
    await form.getByLabel('Meter address').fill('1234567890');
    await form.getByLabel('RTU address code').fill('123456789');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByText('The meter address must be 11 to 13 digits').count()).toBe(1);
    expect(await form.getByText('The RTU address code must be exactly 10 digits').count()).toBe(1);

    await form.getByLabel('Meter address').fill(ADDRESS);
    await form.getByLabel('RTU address code').fill('1234567890');
    await form.getByRole('combobox', { name: 'Meter type' }).click();
    await page.getByRole('option', { name: 'E2E district DN300' }).click();
    await form.getByLabel('Installation position').fill('North reservoir outlet');
    await form.getByLabel('Manufacturer').fill('Acme Metering');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByTestId('flow-meter-form').count()).toBe(0);
    const row = page
      .getByTestId('flow-meters-table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: ADDRESS, exact: true }) });
    await eventually(() => row.count()).toBe(1);

    // The concentrator reports the flow meter's channels through the gateway protocol.
    const uploaded = await fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchId: randomUUID(),
        readings: [
          {
            meterNo: ADDRESS,
            ts: new Date(Date.now() - 60_000).toISOString(),
            total: 1520.25,
            reverseTotal: 3.5,
            flow: 86.4,
            pressure: 0.32,
            pressure2: 0.29,
            battery: 3.58,
            signal: -67,
          },
        ],
      }),
    });
    expect(uploaded.status).toBe(202);
    await eventually(() => cellsAfterReload(row)).toContain('1,520.250');
    await row.getByRole('button', { name: `Latest values of ${ADDRESS}` }).click();
    const latest = page.getByTestId('flow-meter-latest');
    await eventually(() => latest.count()).toBe(1);
    const text = await latest.innerText();
    expect(text).toContain('Pressure 2 (MPa)');
    expect(text).toContain('0.290');
    expect(text).toContain('86.400');
    await page.screenshot({ path: join(outputDir, 'flow-meter-latest-en.png') });
    await page.keyboard.press('Escape');

    // The concentrator now relays a meter: it can no longer be deleted, and the server says why.
    await page.goto(`${bed.url}/gateway/concentrator`);
    await eventually(async () =>
      (await concentratorRow().getByRole('cell').allTextContents()).join(' | '),
    ).toContain('Online');
    await concentratorRow()
      .getByRole('button', { name: `Delete ${NUMBER}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete the concentrator' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await eventually(() =>
      page.getByText('Cannot operation a concentrator with an associated meter!').count(),
    ).toBe(1);
    await page.screenshot({ path: join(outputDir, 'concentrators-en.png') });
    expect(pageErrors).toEqual([]);
  });

  it('creates a pressure meter, refusing a bad RTU address and limits out of order, and analyses the pressures it reports', async () => {
    const DEVICE = '77000000000000000001';
    await page.goto(`${bed.url}/gateway/pressure`);
    await page.getByRole('button', { name: 'New pressure meter' }).click();
    const form = page.getByTestId('pressure-meter-form');
    await form.getByLabel('Device number').fill(DEVICE);
    await form.getByRole('combobox', { name: 'Meter type' }).click();
    await page.getByRole('option', { name: 'E2E district DN300' }).click();
    await form.getByLabel('Monitoring site').fill('Hill reservoir outlet');
    await form.getByLabel('RTU address number').fill('123');
    await form.getByLabel('Upper limit (MPa)').fill('0.2');
    await form.getByLabel('Lower limit (MPa)').fill('0.5');
    await form.getByLabel('Longitude').fill('106.8');
    await form.getByLabel('Latitude').fill('-6.2');
    await form.getByLabel('Installation address').fill('Jl. Bukit 2');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByText('The RTU address must be 10 to 20 digits').count()).toBe(1);
    await form.getByLabel('RTU address number').fill('123456789012');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.getByText('The lower limit must be below the upper limit').count()).toBe(1);
    await form.getByLabel('Upper limit (MPa)').fill('0.5');
    await form.getByLabel('Lower limit (MPa)').fill('0.2');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByTestId('pressure-meter-form').count()).toBe(0);
    const row = page
      .getByTestId('pressure-meters-table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: DEVICE, exact: true }) });
    await eventually(async () => (await row.getByRole('cell').allTextContents()).join(' | ')).toContain(
      'Unknown',
    );

    // The concentrator reports a pressure above the upper limit.
    const uploaded = await fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchId: randomUUID(),
        readings: [0.3, 0.7].map((pressure, i) => ({
          meterNo: DEVICE,
          ts: new Date(Date.now() - (3 - i) * 60_000).toISOString(),
          total: 0,
          pressure,
        })),
      }),
    });
    expect(uploaded.status).toBe(202);
    await eventually(() => cellsAfterReload(row)).toContain('Pressure alarm');
    await row.getByRole('button', { name: `Analysis of ${DEVICE}` }).click();
    const analysis = page.getByTestId('pressure-analysis');
    await eventually(() => analysis.getByTestId('pressure-max').innerText()).toContain('0.700');
    expect(await analysis.getByTestId('pressure-min').innerText()).toContain('0.300');
    await eventually(() => analysis.getByTestId('pressure-trend-chart').count()).toBe(1);
    await page.screenshot({ path: join(outputDir, 'pressure-analysis-en.png') });
    await page.keyboard.press('Escape');

    await page.getByTestId('pressure-meters-view').getByText('Cards').click();
    await eventually(() => page.getByTestId('pressure-meter-card').filter({ hasText: DEVICE }).count()).toBe(
      1,
    );
    await page.screenshot({ path: join(outputDir, 'pressure-meters-cards-en.png') });
    expect(pageErrors).toEqual([]);
  });
});
