import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { fleetBackfilled, outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

interface DeductionRow {
  accountNo: string;
  meterNo: string;
  day: string;
  valveClosed: boolean;
}

/**
 * The prepaid deduction with the demo fleet: the demo account that runs out pays for its days of the history
 * until its arrears close its valve, which the simulator's gateway carries out; a recharge on the billing menu's
 * recharge page opens it again, through the gateway too.
 */
describe('prepaid deduction in the browser', () => {
  // The deduction runs every two seconds here instead of every ten minutes.
  const bed = browserTestBed(
    { HYDROLOG_SIMULATE: '1', HYDROLOG_DEDUCTION_MS: '2000' },
    { width: 1440, height: 900 },
  );
  const { newPage, signIn } = bed;
  let headers: Record<string, string>;
  let closing: DeductionRow;
  /** The account as the API lists it. */
  const account = async () =>
    (await apiCall(bed.url, headers, 'GET', `/business/customer/list?accountNo=${closing.accountNo}`))
      .rows[0];

  beforeAll(async () => {
    headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    await fleetBackfilled(bed.url, headers);
    // The account that runs out: the lowest balance, once the deduction has taken it below zero and closed.
    const deadline = Date.now() + 180_000;
    for (;;) {
      const lowest = await apiCall(
        bed.url,
        headers,
        'GET',
        '/business/customer/list?orderByColumn=balance&isAsc=ascending&pageSize=10',
      );
      const owing = (lowest.rows as { accountNo: string; balance: number }[]).find((r) => r.balance < 0);
      const days: DeductionRow[] = [];
      for (let pageNum = 1; owing && pageNum <= 3; pageNum++)
        days.push(
          ...(
            await apiCall(
              bed.url,
              headers,
              'GET',
              `/business/deduction/list?accountNo=${owing.accountNo}&pageSize=50&pageNum=${pageNum}`,
            )
          ).rows,
        );
      const closed = days.find((r) => r.valveClosed);
      if (closed) {
        closing = closed;
        break;
      }
      if (Date.now() > deadline)
        throw new Error(`no prepaid account's arrears closed its valve: ${JSON.stringify(lowest.rows?.[0])}`);
      await new Promise((r) => setTimeout(r, 3000));
    }
  }, 420_000);

  it('closes the valve on arrears through the gateway, and a recharge opens it again', async () => {
    // The simulator's gateway takes the close and carries it out (its meter reports the valve at its next hourly
    // report).
    const command = async () => {
      const row = await account();
      return [row.lastValveCommand?.kind, row.lastValveCommand?.status];
    };
    await expect.poll(command, { timeout: 150_000, interval: 3000 }).toEqual(['valveClose', 'success']);
    const owing = await account();
    expect(owing.balance).toBeLessThan(0);

    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The day whose arrears closed the valve, on the deduction page.
    await signIn(page, 'demo_admin', 'Demo1234', '/bill/deduction');
    await page.goto(
      `${bed.url}/bill/deduction?accountNo=${closing.accountNo}&beginTime=${closing.day}&endTime=${closing.day}`,
    );
    const day = page.getByTestId('deductions-table').locator('tbody tr');
    await expect.poll(() => day.count()).toBe(1);
    const cells = (await day.locator('td').allInnerTexts()).map((c) => c.trim());
    expect(cells.slice(0, 2)).toEqual([closing.day, closing.accountNo]);
    expect(cells).toContain('Yes');
    await page.screenshot({ path: join(outputDir, 'deductions-en.png') });

    // The recharge page: the valve closed as the meter confirms it; a recharge that ends the arrears.
    await page.goto(`${bed.url}/bill/recharge?accountNo=${closing.accountNo}`);
    const valve = page.getByTestId(`valve-${closing.meterNo}`);
    const carriedOut = ['awaitingReport', 'confirmed'];
    await expect
      .poll(async () => carriedOut.includes((await valve.getAttribute('data-phase')) ?? ''))
      .toBe(true);
    await page.getByRole('button', { name: `Recharge ${closing.accountNo}` }).click();
    const form = page.getByTestId('recharge-form');
    await form.getByLabel('Amount').fill(String(Math.ceil(-owing.balance) + 500));
    await form.getByRole('button', { name: 'Recharge' }).click();
    await expect.poll(() => form.count()).toBe(0);
    // The page follows the open until the simulator's gateway has carried it out.
    await expect.poll(command, { timeout: 150_000, interval: 3000 }).toEqual(['valveOpen', 'success']);
    await expect
      .poll(async () => [
        await valve.getByTestId('valve-command').getAttribute('data-status'),
        carriedOut.includes((await valve.getAttribute('data-phase')) ?? ''),
      ])
      .toEqual(['success', true]);
    await page.screenshot({ path: join(outputDir, 'recharges-en.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 400_000);
});
