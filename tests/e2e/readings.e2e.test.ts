import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { fleetBackfilled, outputDir, type RateDay } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** The demo tenant's days are Asia/Shanghai days; the browsers below run in other zones on purpose. */
const TENANT_ZONE = 'Asia/Shanghai';
const INLET = '9000000001';
/**
 * The newest day every simulated meter has reported by now: the day before yesterday. Yesterday is not,
 * during the first hours of today: NB-IoT meters upload a day's 24 values up to four hours after midnight.
 */
const LAST_COMPLETE_DAY = () => dateIn(TENANT_ZONE, -2);

/** A calendar date (YYYY-MM-DD) of the zone, `offset` days from today. */
function dateIn(timeZone: string, offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** "1,234.567" as a number. */
const figure = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/**
 * The reading reports on the simulated demo fleet: the reading rate over 30 and 180 days, and one meter's
 * history (header, hourly chart, daily volumes, freeze records), in the tenant's days whatever the browser's zone.
 */
describe('reading reports in the browser', () => {
  const bed = browserTestBed({ HYDROLOG_SIMULATE: '1' });
  const { signIn } = bed;
  let page: Page;
  let rateDays: RateDay[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The simulator backfills its history through the gateway protocol; the readings projection follows.
    rateDays = await fleetBackfilled(bed.url, await apiLogin(bed.url, 'demo_admin', 'Demo1234'));
    expect(rateDays.at(-3)?.date).toBe(LAST_COMPLETE_DAY());
    expect(rateDays.at(-3)?.rate).toBeGreaterThan(0.9);
    const context = await bed.browser.newContext({
      locale: 'en-US',
      timezoneId: 'America/New_York',
      viewport: { width: 1400, height: 900 },
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 480_000);

  it('shows the reading rate of the last 30 days: figures, chart, days newest first; then 180 days', async () => {
    await signIn(page, 'demo_admin', 'Demo1234', '/report/readingRate');
    const table = page.getByTestId('reading-rate-table');
    await expect.poll(() => table.locator('tbody tr[data-date]').count()).toBe(30);
    expect(await page.getByTestId('reading-rate-chart').locator('canvas').count()).toBe(1);

    // Newest first: today (so far), yesterday, then the last complete day, whose rate is above 90%.
    const today = dateIn(TENANT_ZONE);
    const rows = table.locator('tbody tr[data-date]');
    expect(await rows.first().getAttribute('data-date')).toBe(today);
    expect(await rows.first().innerText()).toMatch(/so far/i);
    expect(await rows.nth(1).getAttribute('data-date')).toBe(dateIn(TENANT_ZONE, -1));
    const completeRow = table.locator(`tr[data-date="${LAST_COMPLETE_DAY()}"]`);
    expect(figure(await completeRow.getByTestId('rate').innerText())).toBeGreaterThan(90);
    const installed = rateDays.at(-1)!.installed;
    expect(await page.getByTestId('figure-installed').innerText()).toContain(String(installed));
    const average = (await page.getByTestId('figure-average').innerText()).match(/(\d+(\.\d)?)%/);
    expect(Number(average?.[1])).toBeGreaterThan(80);

    // The legend names the day under the cursor with its rate and meters.
    const chart = page.getByTestId('reading-rate-chart');
    const box = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await expect
      .poll(() => chart.locator('.u-legend').innerText())
      .toMatch(/\d+(\.\d)?% \(\d+ of \d+ meters\)/);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(outputDir, 'reading-rate-en.png'), fullPage: true });

    await page.getByText('Last 180 days', { exact: true }).click();
    await page.waitForURL('**/report/readingRate?days=180');
    await expect.poll(() => rows.count()).toBe(180);
    expect(await rows.first().getAttribute('data-date')).toBe(today);
    expect(await page.getByTestId('figure-average').innerText()).toContain('last 179 full days');
  });

  it('shows a meter’s history over the last 7 days of the tenant', async () => {
    await page.goto(`${bed.url}/report/history`);
    await expect.poll(() => page.getByTestId('history-choose').count()).toBe(1);

    await page.getByLabel('Meter number').fill(INLET);
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    // The range is the tenant's last 7 days (not the browser's), kept in the URL.
    const from = dateIn(TENANT_ZONE, -6);
    const to = dateIn(TENANT_ZONE);
    await page.waitForURL((url) => {
      const search = url.searchParams;
      return (
        search.get('meterNo')?.includes(INLET) === true &&
        search.get('from') === from &&
        search.get('to') === to
      );
    });

    const header = page.getByTestId('history-meter');
    await expect.poll(() => header.count()).toBe(1);
    expect(await page.getByTestId('history-meter-no').innerText()).toBe(`Meter ${INLET}`);
    const facts = await header.innerText();
    expect(facts).toMatch(/online|offline/i);
    expect(facts).toMatch(/Last report\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(facts).toMatch(/Latest total\s+[\d,]+\.\d{3} m³/);
    expect(facts).toMatch(/Battery\s+\d\.\d{2} V/);
    expect(await page.getByTestId('history-chart').locator('canvas').count()).toBe(1);

    // One row per local day, newest first; the days already over have volumes, today's may be partial.
    const daily = page.getByTestId('history-daily').locator('tbody tr[data-date]');
    const count = await daily.count();
    expect(count === 7 || count === 8).toBe(true);
    expect(await daily.first().getAttribute('data-date')).toBe(to);
    expect(await daily.last().getAttribute('data-date')).toBe(from);
    for (let i = 1; i < count; i++) {
      const volume = await daily.nth(i).getByTestId('daily-volume').innerText();
      expect(volume).toMatch(/^[\d,]+\.\d{3}$/);
      expect(figure(volume)).toBeGreaterThan(0);
    }
    expect(await daily.first().innerText()).toMatch(/partial|no data/i);

    // The cursor over the chart names the hour, its volume and the counter.
    const over = (await page.getByTestId('history-chart').locator('.u-over').boundingBox())!;
    await page.mouse.move(over.x + over.width * 0.4, over.y + over.height * 0.5);
    await expect
      .poll(() => page.getByTestId('history-chart').locator('.u-legend').innerText())
      .toMatch(/Hour\s*\d{4}-\d{2}-\d{2} \d{2}:00[\s\S]*Volume\s*[\d.]+ m³[\s\S]*Counter\s*[\d,]+\.\d{3} m³/);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(outputDir, 'history-en.png'), fullPage: true });

    // The raw readings, newest first, in the tenant's time.
    await page.getByRole('tab', { name: /Readings/ }).click();
    const readings = page.getByTestId('history-readings').locator('tbody tr');
    await expect.poll(() => readings.count()).toBe(20);
    expect(await readings.first().innerText()).toMatch(new RegExp(`^${to} \\d{2}:\\d{2}:\\d{2}`));

    // The daily freeze records: one per day over, with the counter at its last reading.
    await page.getByRole('tab', { name: 'Daily freeze records' }).click();
    const frozen = page.getByTestId('history-frozen');
    await expect.poll(() => frozen.locator('tbody tr').count()).toBeGreaterThanOrEqual(7);
    const yesterday = frozen.locator('tbody tr').filter({ hasText: dateIn(TENANT_ZONE, -1) });
    expect(await yesterday.count()).toBe(1);
    expect(await yesterday.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[\s\S]*[\d,]+\.\d{3}/);
  });

  it('says so when the meter does not exist, and checks the number first', async () => {
    await page.getByLabel('Meter number').fill('12a');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.getByText('The meter number must be digits only (at most 32)').count())
      .toBe(1);

    await page.getByLabel('Meter number').fill('123456');
    await page.getByRole('button', { name: 'Search' }).click();
    const error = page.getByTestId('history-error');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.innerText()).toContain('The meter does not exist');
    expect(await error.innerText()).toContain('No history for meter 123456');
    expect(await page.getByTestId('history-meter').count()).toBe(0);
  });

  it('shows the history in Chinese', async () => {
    const context = await bed.browser.newContext({
      locale: 'zh-CN',
      timezoneId: 'Europe/Paris',
      viewport: { width: 1400, height: 900 },
    });
    const zh = await context.newPage();
    await signIn(zh, 'demo_admin', 'Demo1234', '/report/history');
    await expect.poll(() => zh.getByTestId('history-choose').innerText()).toContain('请选择水表');
    await zh.getByLabel('表号').fill(INLET);
    await zh.getByRole('button', { name: '最近 7 天' }).click();
    await zh.locator('button[type="submit"]').click();
    await expect.poll(() => zh.getByTestId('history-meter-no').count()).toBe(1);
    expect(await zh.getByTestId('history-meter-no').innerText()).toBe(`水表 ${INLET}`);
    expect(await zh.getByTestId('history-chart-card').innerText()).toContain('每小时用水量');
    expect(await zh.getByRole('tab', { name: '日冻结记录' }).count()).toBe(1);
    await zh.screenshot({ path: join(outputDir, 'history-zh-CN.png'), fullPage: true });
    await context.close();
  });

  it('imports years-old volumes from a file, with progress and refused rows, and shows the gap it leaves', async () => {
    await page.goto(`${bed.url}/report/history`);
    await page.getByTestId('history-import-open').click();
    const dialog = page.getByTestId('history-import');
    await dialog.getByLabel('the volume of the interval ending at the time (m³)').check();
    expect(await dialog.getByLabel('Interval (minutes)').inputValue()).toBe('60');
    // A household's hourly volumes of 10 June 2019 (Shanghai), the hour ending 05:00 never recorded; and a
    // row of a meter that does not exist.
    const hour = (h: number) =>
      `${new Date(Date.UTC(2019, 5, 10, h)).toISOString().slice(0, 19).replace('T', ' ')}+08:00`;
    const rows = Array.from({ length: 24 }, (_, i) => i + 1)
      .filter((h) => h !== 5)
      .map((h) => `1000000005,${hour(h)},0.25`);
    const csv = ['meter,time,volume', ...rows, `9999999999,${hour(3)},1`].join('\n');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'history.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByTestId('history-import-run').click();
    const report = dialog.getByTestId('history-import-report');
    await expect.poll(() => report.count(), { timeout: 60_000 }).toBe(1);
    // Two runs of following hours: 00:00-04:00 (5 readings) and 05:00-24:00 (20).
    expect(await report.innerText()).toContain('Imported: 25 readings stored, 0 duplicates, 1 row refused');
    expect(await dialog.getByTestId('history-import-errors').innerText()).toMatch(
      /25\s+9999999999\s+No meter has this number/,
    );
    await page.screenshot({ path: join(outputDir, 'history-import-en.png'), fullPage: true });

    await report.getByRole('button', { name: 'Show 1000000005' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2019-06-10');
    const day = page.getByTestId('history-daily').locator('tbody tr[data-date="2019-06-10"]');
    await expect.poll(() => day.count()).toBe(1);
    // The hour never recorded leaves the day unknown (a gap), 23 of its 24 hours covered.
    expect(await day.getByTestId('daily-volume').innerText()).toBe('Gap');
    expect(await day.innerText()).toContain('95.8%');
  });

  it('ran without a script error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

/** A tenant whose meters have not reported yet: the reading rate says when it will appear. */
describe('the reading rate before any meter reports', () => {
  const bed = browserTestBed();
  const { signIn } = bed;

  it('explains that the rate appears once meters report', async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/report/readingRate');
    const empty = page.getByTestId('reading-rate-empty');
    await expect.poll(() => empty.count()).toBe(1);
    expect(await empty.innerText()).toContain(
      'The reading rate appears once meters are installed and report',
    );
    expect(await page.getByTestId('reading-rate-chart').count()).toBe(0);
    await context.close();
  });
});
