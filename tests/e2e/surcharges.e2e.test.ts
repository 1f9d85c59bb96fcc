import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** Surcharge schemes: two charging items edited in the form, the 100% rule, a trial, then the saved scheme. */
describe('surcharge schemes in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  it('creates a scheme with two items, refuses a total ratio over 100%, and calculates its trial', async () => {
    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/price/surcharge');
    await page.getByRole('button', { name: 'New surcharge scheme' }).click();
    const form = page.getByTestId('surcharge-form');
    await form.getByLabel('Scheme name').fill('E2E fees');
    const item = (n: number) => form.getByRole('group', { name: `Charging item ${n}` });
    await item(1).getByLabel('Charging item name').fill('Sewage');
    await item(1).getByLabel('Deduction ratio (%)').fill('60');
    await form.getByRole('button', { name: 'Add a charging item' }).click();
    await item(2).getByLabel('Charging item name').fill('Water resource');
    await item(2).getByLabel('Deduction ratio (%)').fill('45');
    await form.getByRole('button', { name: 'Save' }).click();
    const rule = 'Total cumulative deduction ratio is not allowed to be greater than 100%!';
    await expect.poll(() => form.getByText(rule).count()).toBe(1);
    await item(2).getByLabel('Deduction ratio (%)').fill('40');

    // The items as typed, before saving: 60% and 40% of a payment of 100.
    await form.getByRole('button', { name: 'Trial calculation' }).click();
    const trial = page.getByTestId('surcharge-trial');
    await trial.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByTestId('surcharge-trial-total').count()).toBe(1);
    expect(await page.getByTestId('surcharge-trial-total').innerText()).toContain('100.00');
    await trial.getByRole('button', { name: 'Cancel' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('surcharge-form').count()).toBe(0);

    const row = page.getByTestId('surcharges-table').locator('tbody tr', { hasText: 'E2E fees' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Sewage · Water resource');
    await row.getByRole('button', { name: 'Trial calculation of E2E fees' }).click();
    await page.getByTestId('surcharge-trial').getByLabel('Payment amount').fill('50');
    await page.getByTestId('surcharge-trial').getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByTestId('surcharge-trial-lines').locator('tbody tr').count()).toBe(2);
    expect(await page.getByTestId('surcharge-trial-total').innerText()).toContain('50.00');
    await page.screenshot({ path: join(outputDir, 'surcharge-trial-en.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
