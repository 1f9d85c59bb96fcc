import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputDir, trialLineCells } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** Price schemes: a yearly ladder billed monthly, made with the steps editor, then its trial calculation. */
describe('price schemes in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  it('creates a tiered scheme, refuses a bad step under its field, and calculates trials before and after saving', async () => {
    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/price/scheme');
    await page.getByRole('button', { name: 'New price scheme' }).click();
    const form = page.getByTestId('price-scheme-form');
    await form.getByLabel('Name').fill('E2E ladder');
    await form.getByLabel('VAT rate (%)').fill('10');

    // Two steps: 0-12 m³ at 2.00, then unlimited at 3.50.
    const step = (n: number) => form.getByRole('group', { name: `Step ${n}` });
    await step(1).getByLabel('Unit price').fill('2');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await step(1).getByLabel('To (m³)').fill('12');
    await step(2).getByLabel('Unit price').fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    // The shared schema refuses a unit price of 0 in the browser, under the field.
    await expect.poll(() => step(2).getByText('The unit price must be greater than zero').count()).toBe(1);
    await step(2).getByLabel('Unit price').fill('3.5');
    await expect.poll(() => step(2).getByLabel('From (m³)').inputValue()).toBe('12');
    // The prices as typed, before saving: 10 m³ from an empty cycle, all on step 1.
    await form.getByRole('button', { name: 'Trial calculation' }).click();
    const unsaved = page.getByTestId('price-trial');
    await unsaved.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByTestId('trial-total').count()).toBe(1);
    expect(await page.getByTestId('trial-total').innerText()).toContain('22.00');
    await unsaved.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('price-trial').count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('price-scheme-form').count()).toBe(0);

    const row = page.getByTestId('price-schemes-table').locator('tbody tr', { hasText: 'E2E ladder' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Trial calculation of E2E ladder' }).click();
    const trial = page.getByTestId('price-trial');
    await trial.getByLabel('Volume (m³)').fill('4');
    await trial.getByLabel('Already accumulated in the cycle (m³)').fill('10');
    await trial.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(async () => (await trialLineCells(page)).length).toBe(3);
    // 2 m³ left on step 1 at 2.00, 2 m³ on step 2 at 3.50, VAT 10% of 11.00.
    const [step1, step2, vat] = await trialLineCells(page);
    expect(step1![0]).toBe('Step 1');
    expect(step1![3]).toContain('4.00');
    expect(step2![0]).toBe('Step 2');
    expect(step2![3]).toContain('7.00');
    expect(vat![0]).toBe('VAT 10%');
    expect(await page.getByTestId('trial-total').innerText()).toContain('12.10');
    await page.screenshot({ path: join(outputDir, 'price-trial-en.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
