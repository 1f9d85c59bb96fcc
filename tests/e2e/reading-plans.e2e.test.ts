import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { browserTestBed } from './test-bed.ts';

const METER = '78100001';
const PLAN = 'E2E walk-by round';
const HOUR = 3_600_000;
/** The demo tenant's days are Asia/Shanghai days (UTC+8, no summer time). */
const TENANT_ZONE = 'Asia/Shanghai';

/** A calendar date (YYYY-MM-DD) of the tenant, `offset` days from today. */
function dateIn(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TENANT_ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Walk-by reading: a reading entered on a plan's page becomes a reading like a gateway's, so the meter's
 * history lists it and the day it closes gets its volume.
 */
describe('a walk-by reading plan in the browser', () => {
  const bed = browserTestBed();
  const yesterday = dateIn(-1);
  const today = dateIn(0);

  beforeAll(async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const type = await apiCall(bed.url, headers, 'POST', '/business/meterType', {
      name: 'E2E walk-by DN15',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const meter = await apiCall(bed.url, headers, 'POST', '/business/meter', {
      meterNo: METER,
      meterTypeId: type.data.meterTypeId,
    });
    expect(meter.code).toBe(200);
    const gateway = await apiCall(bed.url, headers, 'POST', '/ingest/gateway', {
      name: 'E2E walk-by',
      kind: 'gateway',
    });
    // The meter reported every hour of yesterday from midnight to 23:00 (100 m³, then 0.1 m³ an hour), and
    // not since: yesterday's volume waits for the counter at midnight.
    const midnight = Date.parse(`${yesterday}T00:00:00+08:00`);
    const readings = Array.from({ length: 24 }, (_, h) => ({
      meterNo: METER,
      ts: new Date(midnight + h * HOUR).toISOString(),
      total: Math.round((100 + h * 0.1) * 10) / 10,
    }));
    const uploaded = await fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ batchId: randomUUID(), readings }),
    });
    expect(uploaded.status).toBe(202);
    const users = await apiCall(bed.url, headers, 'POST', '/system/user/list', {});
    const reader = users.rows.find((u: { userName: string }) => u.userName === 'demo_operator');
    const plan = await apiCall(bed.url, headers, 'POST', '/readMeter/walkBy', {
      name: PLAN,
      readerId: reader.userId,
      startDate: today,
      endDate: dateIn(6),
      groupId: null,
      meterNos: [METER],
    });
    expect(plan.code).toBe(200);
  });

  it("takes a counter entered on the plan's page into the meter's history and its day's volume", async () => {
    // The browser in the tenant's zone: the time typed is the tenant's.
    const context = await bed.browser.newContext({
      locale: 'en-US',
      timezoneId: TENANT_ZONE,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await bed.signIn(page, 'demo_admin', 'Demo1234', '/readMeter/walkBy');
    await page.getByRole('button', { name: `Open ${PLAN}` }).click();
    const detail = page.getByTestId('reading-plan-detail');
    await expect.poll(() => detail.innerText()).toContain('0 of 1 read');
    const card = detail.getByTestId('reading-plan-meter').filter({ hasText: METER });
    expect(await card.innerText()).toContain('Not yet read');
    await card.getByRole('button', { name: 'Enter the reading' }).click();

    // The counter read at midnight, as the reader found it.
    const form = page.getByTestId('manual-reading-form');
    await form.getByLabel('Counter (m³)').fill('105');
    await form.getByLabel('Read at').fill(`${today}T00:00`);
    await form.getByRole('button', { name: 'Save the reading' }).click();
    await expect.poll(() => form.count()).toBe(0);

    // The meter's history: the reading among the meter's readings, and yesterday closed at 105 m³: 5 m³.
    await page.goto(`${bed.url}/report/history`);
    await page.getByLabel('Meter number').fill(METER);
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    const day = page.getByTestId('history-daily').locator(`tbody tr[data-date="${yesterday}"]`);
    await expect.poll(() => day.getByTestId('daily-volume').innerText(), { timeout: 30_000 }).toBe('5.000');
    await page.getByRole('tab', { name: /Readings/ }).click();
    const newest = page.getByTestId('history-readings').locator('tbody tr').first();
    await expect.poll(() => newest.innerText()).toMatch(new RegExp(`^${today} 00:00:00[\\s\\S]*105\\.000`));

    // The plan counts the meter read, from the reading on its first day's midnight.
    await page.goto(`${bed.url}/readMeter/walkBy`);
    await page.getByRole('button', { name: `Open ${PLAN}` }).click();
    await expect.poll(() => page.getByTestId('reading-plan-detail').innerText()).toContain('1 of 1 read');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
