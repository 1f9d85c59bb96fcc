import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { fillAccountForm, fleetBackfilled, outputDir, trialLineCells } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** The demo tenant's days are Asia/Shanghai days. */
const TENANT_ZONE = 'Asia/Shanghai';
const SCHEME = 'E2E postpaid ladder';
const ACCOUNT_NO = 'E2E-POST-1';
/** The ladder: up to 5 m³ at 2.00, above at 3.50 (cents per m³), no VAT. */
const STEP_1_LITRES = 5000;
const PRICES = [200, 350];

/** A calendar date (YYYY-MM-DD) `days` days after `day`. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The first amount (two decimals, grouped or not) in a text, in cents. */
function cents(text: string): number {
  const amount = /-?\d[\d,]*\.\d{2}/.exec(text);
  if (!amount) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(amount[0].replaceAll(',', '')) * 100);
}
/** Cents as the back office writes them in English. */
const money = (c: number) => (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
/** numerator / denominator to the nearest integer, halves up: the billing's one rounding rule. */
const roundHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

interface DailyVolume {
  period: string;
  volume: number | null;
  known: boolean;
}

/**
 * The postpaid journey with the demo fleet: a ladder made on the price schemes page and tried, a postpaid
 * account opened on it for a free simulated meter from the first day of the last month (whose history the
 * simulator backfilled), the bill run of the bills page billing that month at the ladder's price of the
 * meter's daily volumes, the bill paid at the counter, and the home dashboard's billed and paid amounts
 * moving by the bill's amount.
 */
describe('postpaid bills in the browser', () => {
  const bed = browserTestBed({ HYDROLOG_SIMULATE: '1' }, { width: 1440, height: 900 });
  const { newPage, signIn } = bed;
  let headers: Record<string, string>;
  /** The last month, which the bill run bills: its first day, and the first day of this month. */
  let periodFrom: string;
  let periodTo: string;
  /** The free meter the account opens on, and the litres it measured over the period. */
  let meterNo: string;
  let litres: number;
  const api = (path: string) => apiCall(bed.url, headers, 'GET', path);
  const topData = async () => {
    const { billed, paid } = (await api('/business/dashboard/topData')).data;
    return [billed, paid];
  };

  beforeAll(async () => {
    headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    await fleetBackfilled(bed.url, headers);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TENANT_ZONE }).format(new Date());
    periodTo = `${today.slice(0, 7)}-01`;
    periodFrom = `${addDays(periodTo, -1).slice(0, 7)}-01`;
    // A household meter no account holds, whose every day of the period is wholly known, and that used more
    // than the first step.
    const days: string[] = [];
    for (let day = periodFrom; day < periodTo; day = addDays(day, 1)) days.push(day);
    const free = (await api('/business/customer/meterOptions?meterNo=100000')).data as {
      meterNo: string;
      billingMode: string;
    }[];
    const seen: string[] = [];
    for (const meter of free.filter((m) => m.billingMode === 'postpaid')) {
      const history = (
        await api(`/report/history/meter?meterNo=${meter.meterNo}&from=${periodFrom}&to=${days.at(-1)}`)
      ).data;
      const daily = history.daily as DailyVolume[];
      const whole = daily.length === days.length && daily.every((d) => d.known && d.volume !== null);
      const measured = daily.reduce((sum, d) => sum + Math.round((d.volume ?? 0) * 1000), 0);
      seen.push(`${meter.meterNo}: ${daily.length} days, whole ${whole}, ${measured} l`);
      if (whole && measured > STEP_1_LITRES) {
        meterNo = meter.meterNo;
        litres = measured;
        break;
      }
    }
    if (!meterNo) throw new Error(`no free meter has the whole period ${periodFrom}: ${seen.join('; ')}`);
  }, 480_000);

  /** The dashboard's billed and paid amounts, in cents, once it shows them. */
  async function dashboardAmounts(page: Page): Promise<[number, number]> {
    const value = (figure: string) => page.getByTestId(`figure-${figure}-value`);
    await expect.poll(() => value('paid').count()).toBe(1);
    return [cents(await value('billed').innerText()), cents(await value('paid').innerText())];
  }
  const sidebar = (page: Page) => page.getByTestId('sidebar');
  async function openFromMenu(page: Page, menu: string, item: string, path: string) {
    await sidebar(page).getByRole('button', { name: menu }).click();
    await sidebar(page).getByRole('link', { name: item }).click();
    await page.waitForURL(`**${path}`);
  }

  it('bills a postpaid account at its ladder for the month, takes the payment, corrects the bill, and the dashboard follows', async () => {
    // The ladder's charge of the meter's volume: each step's amount the difference of the rounded charges
    // up to its end and up to its start, from an empty cycle.
    const onStep = [Math.min(litres, STEP_1_LITRES), litres - Math.min(litres, STEP_1_LITRES)];
    const step1 = roundHalfUp(onStep[0]! * PRICES[0]!, 1000);
    const total = roundHalfUp(onStep[0]! * PRICES[0]! + onStep[1]! * PRICES[1]!, 1000);
    const volume = (l: number) => (l / 1000).toFixed(3);

    // Once its history is in, the demo bills its own postpaid accounts for the last two months, then pays every
    // other unpaid bill of the earlier month at the counter: the dashboard's amounts are read once that is over.
    await expect
      .poll(async () => (await api(`/business/bill/list?period=${periodFrom.slice(0, 7)}`)).total, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const earlier = `/business/bill/list?period=${addDays(periodFrom, -1).slice(0, 7)}&pageSize=50`;
    const paidAtCounter = async () => {
      let count = 0;
      for (let pageNum = 1; ; pageNum++) {
        const { rows } = await api(`${earlier}&state=paid&pageNum=${pageNum}`);
        count += (rows as { paymentMethod: string | null }[]).filter(
          (b) => b.paymentMethod === 'counter',
        ).length;
        if (rows.length < 50) return count;
      }
    };
    await expect
      .poll(
        async () => {
          const unpaid = (await api(`${earlier}&state=unpaid`)).total as number;
          const atCounter = await paidAtCounter();
          return atCounter === Math.ceil((atCounter + unpaid) / 2);
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(true);

    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // With the tags view on, the home page stays mounted while the other pages are used.
    await signIn(page, 'demo_admin', 'Demo1234', '/index');
    await page.evaluate(() => localStorage.setItem('layout-setting', JSON.stringify({ tagsView: true })));
    await page.reload();
    const [billedBefore, paidBefore] = await dashboardAmounts(page);
    expect([billedBefore, paidBefore]).toEqual((await topData()).map((a: number) => Math.round(a * 100)));

    // 1. The ladder, from the first day of the last month, and its trial calculation of the meter's volume.
    await openFromMenu(page, 'Tariffs', 'Price schemes', '/price/scheme');
    await page.getByRole('button', { name: 'New price scheme' }).click();
    const form = page.getByTestId('price-scheme-form');
    await form.getByLabel('Name').fill(SCHEME);
    await form.getByLabel('Accumulation cycle (months)').fill('12');
    await form.getByLabel('Billing cycle (months)').fill('1');
    await form.getByLabel('Start date').fill(periodFrom);
    await form.getByLabel('VAT rate (%)').fill('0');
    const step = (n: number) => form.getByRole('group', { name: `Step ${n}` });
    await step(1)
      .getByLabel('Unit price')
      .fill(String(PRICES[0]! / 100));
    await form.getByRole('button', { name: 'Add a step' }).click();
    await step(1)
      .getByLabel('To (m³)')
      .fill(String(STEP_1_LITRES / 1000));
    await step(2)
      .getByLabel('Unit price')
      .fill(String(PRICES[1]! / 100));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const scheme = page.getByTestId('price-schemes-table').locator('tbody tr', { hasText: SCHEME });
    await expect.poll(() => scheme.count()).toBe(1);
    await scheme.getByRole('button', { name: `Trial calculation of ${SCHEME}` }).click();
    const trial = page.getByTestId('price-trial');
    await trial.getByLabel('Volume (m³)').fill(volume(litres));
    await trial.getByLabel('Already accumulated in the cycle (m³)').fill('0');
    await trial.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByTestId('trial-total').count()).toBe(1);
    const trialSteps = (await trialLineCells(page)).filter((cells) => cells[0]!.startsWith('Step'));
    expect(trialSteps.map((cells) => [cells[0], cells[1], cents(cells[2]!), cents(cells[3]!)])).toEqual([
      ['Step 1', volume(onStep[0]!), PRICES[0], step1],
      ['Step 2', volume(onStep[1]!), PRICES[1], total - step1],
    ]);
    expect(cents(await page.getByTestId('trial-total').innerText())).toBe(total);
    await trial.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => trial.count()).toBe(0);

    // 2. The postpaid account on the ladder, opened on the first day of the last month.
    await openFromMenu(page, 'Customers', 'Accounts', '/customer/account');
    const account = await fillAccountForm(page, 'Residential', meterNo);
    await account.getByRole('textbox', { name: 'Account no.' }).fill(ACCOUNT_NO);
    await account.getByLabel('Business mode').click();
    await page.getByRole('option', { name: 'Postpaid', exact: true }).click();
    await account.getByLabel('Price scheme').click();
    await page.getByRole('option', { name: SCHEME }).click();
    await account.getByLabel('Opened on').fill(periodFrom);
    await account.getByRole('button', { name: 'Open account' }).click();
    await expect.poll(() => page.getByText(`Account ${ACCOUNT_NO} opened`).count()).toBe(1);

    // 3. The bill run, confirmed: the new account is the one account billed, at the ladder's charge.
    await openFromMenu(page, 'Billing', 'Bills', '/bill/bill');
    await page.getByTestId('bill-run').click();
    const run = page.getByTestId('bill-run-form');
    await run.getByRole('button', { name: 'Run bills' }).click();
    const result = page.getByTestId('bill-run-result');
    await expect.poll(() => result.count(), { timeout: 60_000 }).toBe(1);
    expect(await result.innerText()).toContain(': 1 bills issued (0 without reading)');
    expect(await result.innerText()).toContain(`; ${money(total)}`);
    await run.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => run.count()).toBe(0);
    const filter = page.getByTestId('bills-filter');
    await filter.getByLabel('Account number').fill(ACCOUNT_NO);
    await filter.getByRole('button', { name: 'Search' }).click();
    const bill = page.getByTestId('bills-table').locator('tbody tr', { hasText: ACCOUNT_NO });
    await expect.poll(() => bill.count()).toBe(1);
    const billCells = async () => (await bill.locator('td').allTextContents()).map((c) => c.trim());
    const periodText = `${periodFrom} – ${addDays(periodTo, -1)}`;
    expect(await billCells()).toEqual(
      expect.arrayContaining([SCHEME, periodText, 'Ordinary', volume(litres), money(total), 'Unpaid']),
    );
    // Its detail: the lines of the trial.
    await bill
      .getByRole('button', { name: `Bill of ${ACCOUNT_NO}, ${periodFrom} to ${addDays(periodTo, -1)}` })
      .click();
    const detail = page.getByTestId('bill-detail');
    await expect.poll(() => detail.getByTestId('trial-lines').count()).toBe(1);
    expect((await trialLineCells(page)).filter((cells) => cells[0]!.startsWith('Step'))).toEqual(trialSteps);
    expect(await detail.getByTestId('bill-meters').innerText()).toContain(meterNo);
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => detail.count()).toBe(0);

    // 4. Paid at the counter.
    await bill.getByRole('button', { name: `Pay the bill of ${ACCOUNT_NO}` }).click();
    const pay = page.getByTestId('bill-pay-form');
    expect(await pay.innerText()).toContain(money(total));
    await pay.getByText('At the counter').click();
    await pay.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect.poll(() => pay.count()).toBe(0);
    await expect.poll(async () => (await billCells()).includes('Paid')).toBe(true);
    expect(await billCells()).toContain('At the counter');
    await page.screenshot({ path: join(outputDir, 'postpaid-bill-en.png') });

    // 5. A correction of the paid bill: a new bill crediting 1.00 to the balance, the bill itself unchanged.
    await bill.getByRole('button', { name: `Correct the bill of ${ACCOUNT_NO}` }).click();
    const correct = page.getByTestId('bill-correct-form');
    expect(await correct.innerText()).toContain(money(total));
    await correct.getByLabel('Adjustment').fill('-1');
    await correct.getByLabel('Reason').fill('Meter misread');
    await correct.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect.poll(() => correct.count()).toBe(0);
    const rows = page.getByTestId('bills-table').locator('tbody tr', { hasText: ACCOUNT_NO });
    await expect.poll(() => rows.count()).toBe(2);
    const credit = rows.filter({ hasText: 'Correction' });
    expect((await credit.locator('td').allTextContents()).map((c) => c.trim())).toEqual(
      expect.arrayContaining([periodText, money(-100), 'Paid']),
    );
    await credit
      .getByRole('button', { name: `Bill of ${ACCOUNT_NO}, ${periodFrom} to ${addDays(periodTo, -1)}` })
      .click();
    await expect.poll(() => detail.getByTestId('bill-adjustment').count()).toBe(1);
    expect(await detail.getByTestId('bill-adjustment').innerText()).toContain('Meter misread');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => detail.count()).toBe(0);

    // 6. Back on the home tab: billed and paid both moved by the bill's amount less the credit.
    await page.getByTestId('tags-view').getByRole('tab', { name: 'Home' }).click();
    await page.waitForURL('**/index');
    await expect
      .poll(() => dashboardAmounts(page))
      .toEqual([billedBefore + total - 100, paidBefore + total - 100]);
    await page.screenshot({ path: join(outputDir, 'postpaid-dashboard-en.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 300_000);
});
