import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputDir, PHONE } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** A real 1×1 png image (uploads are decoded, not judged by their first bytes). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Work orders: the dispatcher creates and assigns one; its assignee works it to completion on a phone. */
describe('work orders in the browser', () => {
  const bed = browserTestBed();
  const { signIn } = bed;

  it('is created and assigned at the desk, then started, photographed and completed by its assignee on a phone', async () => {
    const desk = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const page = await desk.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/workOrder/maintenance');
    await page.getByRole('button', { name: 'New work order' }).click();
    const form = page.getByTestId('work-order-form');
    await form.getByRole('button', { name: 'Save' }).click();
    // The shared schema refuses an empty title in the browser, under the field.
    await expect.poll(() => form.getByText('Required', { exact: true }).count()).toBe(1);
    await form.getByLabel('Title').fill('E2E burst pipe');
    await form.getByLabel('Description').fill('Water on the pavement at the meter.');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('work-order-form').count()).toBe(0);

    const row = page
      .getByTestId('work-orders-maintenance-table')
      .locator('tbody tr', { hasText: 'E2E burst pipe' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Pending');
    await row.getByRole('button', { name: 'Open E2E burst pipe' }).click();
    const detail = page.getByTestId('work-order-detail');
    await detail.getByTestId('work-order-assign').click();
    await page.getByRole('option', { name: 'Demo operator' }).click();
    await expect
      .poll(() => detail.getByTestId('work-order-history').innerText())
      .toContain('Assigned to Demo operator');
    await expect.poll(() => row.innerText()).toContain('Demo operator');
    expect(pageErrors).toEqual([]);
    await desk.close();

    // The assignee, on a phone: their own orders as cards, the order full screen.
    const phone = await bed.browser.newContext(PHONE);
    const mobile = await phone.newPage();
    mobile.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(mobile, 'demo_operator', 'Oper1234', '/workOrder/mine');
    await mobile.getByRole('button', { name: 'Open E2E burst pipe' }).click();
    const onSite = mobile.getByTestId('work-order-detail');
    await onSite.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => onSite.locator('[data-status="processing"]').count()).toBe(1);
    await onSite.locator('input[type="file"]').setInputFiles({
      name: 'pipe.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect.poll(() => onSite.getByTestId('work-order-attachments').locator('img').count()).toBe(1);
    await onSite.getByLabel('Comment').fill('Pipe clamped, pavement dry.');
    await onSite.getByRole('button', { name: 'Add the comment' }).click();
    await expect.poll(() => onSite.getByTestId('work-order-history').innerText()).toContain('Pipe clamped');
    await onSite.getByRole('button', { name: 'Complete' }).click();
    const remark = mobile.getByTestId('work-order-remark');
    await remark.getByLabel('Remark').fill('Clamp fitted');
    await remark.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => onSite.locator('[data-status="completed"]').count()).toBe(1);
    const kinds = await onSite
      .getByTestId('work-order-history')
      .locator('[data-kind]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    expect(kinds).toEqual(['created', 'assigned', 'started', 'attached', 'commented', 'completed']);
    // Full screen on a phone: the drawer spans the viewport.
    const box = await mobile.getByRole('dialog').first().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(380);
    await mobile.screenshot({ path: join(outputDir, 'my-work-order-phone.png') });
    expect(pageErrors).toEqual([]);
    await phone.close();
  });
});
