import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

const NAME = 'North reservoir gateway';

/** The demo tenant's administrator registers a gateway, uses its key, rotates it and revokes the gateway. */
describe('gateways in the browser', () => {
  const bed = browserTestBed();
  const { signIn } = bed;
  let page: Page;
  beforeAll(async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bed.url });
    page = await context.newPage();
  });

  /** One reading of meter 123 (not registered) as a gateway sends it: NDJSON with its key. */
  const upload = (key: string) =>
    fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/x-ndjson',
        'idempotency-key': randomUUID(),
      },
      body: `${JSON.stringify({ meterNo: '123', ts: new Date().toISOString(), total: 12.5 })}\n`,
    });

  const row = () =>
    page
      .getByTestId('gateways-table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: NAME, exact: true }) });

  /** The key dialog: the key shown once, with the warning; copied, then closed with its button. */
  async function takeKey(): Promise<string> {
    const shown = page.getByRole('dialog', { name: `Key of ${NAME}` });
    await expect.poll(() => shown.count()).toBe(1);
    const key = (await shown.getByTestId('secret-value').innerText()).trim();
    expect(key.length).toBeGreaterThan(20);
    expect(await shown.innerText()).toContain('This key is shown only this once and cannot be shown again.');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => shown.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    return key;
  }

  async function closeKey(): Promise<void> {
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }

  /** The key column shows the key's prefix only. */
  async function shownPrefix(): Promise<string> {
    const cells = await row().getByRole('cell').allTextContents();
    const prefix = cells.find((c) => c.endsWith('…'));
    expect(prefix).toBeDefined();
    return prefix!.slice(0, -1);
  }

  it('signs the tenant administrator in and says what a gateway is for before the first one', async () => {
    const path = '/gateway/gateway';
    await signIn(page, 'demo_admin', 'Demo1234', path);

    const intro = page.getByTestId('gateways-intro');
    await expect.poll(() => intro.count()).toBe(1);
    expect(await intro.innerText()).toContain('No gateway yet');
    const hint = await intro.getByTestId('gateway-connect-hint').innerText();
    expect(hint).toContain('POST /ingest/v1/readings');
    expect(hint).toContain(`Host: ${new URL(bed.url).host}`);
    expect(hint).toContain('Authorization: Bearer <key>');
    await page.screenshot({ path: join(outputDir, 'gateways-empty-en.png') });
  });

  it('registers a gateway whose key, shown once, uploads readings', async () => {
    await page.getByRole('button', { name: 'New gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'New gateway' });
    // Validated in the browser with the shared schema.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Required', { exact: true }).count()).toBe(1);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await dialog.getByText('Concentrator', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Manufacturer' }).fill('Acme Telemetry');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const key = await takeKey();
    await page.screenshot({ path: join(outputDir, 'gateway-key-en.png') });
    await closeKey();

    await expect.poll(() => row().count()).toBe(1);
    const cells = await row().getByRole('cell').allTextContents();
    for (const text of ['Concentrator', 'Acme Telemetry', 'Active']) expect(cells).toContain(text);
    expect(cells.join(' ')).toContain('Never connected');
    const prefix = await shownPrefix();
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(key.length);
    await page.screenshot({ path: join(outputDir, 'gateways-en.png') });

    // The key works: the reading of a meter that does not exist is refused by itself, not the upload.
    const answer = await upload(key);
    expect(answer.status).toBe(202);
    const body = await answer.json();
    expect(body.rejected[0]).toMatchObject({ index: 0, meterNo: '123', reason: 'unknownMeter' });
    expect(body.accepted).toBe(0);

    // The upload was heard: after a reload the gateway is online, last seen just now.
    await page.reload();
    await expect.poll(() => row().getByText('Online', { exact: true }).count()).toBe(1);
    expect(await row().getByText('now', { exact: true }).count()).toBe(1);

    // Edit: the kind and the manufacturer change, the key does not.
    await row()
      .getByRole('button', { name: `Edit ${NAME}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit gateway' });
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'Manufacturer' }).inputValue())
      .toBe('Acme Telemetry');
    await edit.getByRole('textbox', { name: 'Manufacturer' }).fill('Acme Metering');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => row().getByRole('cell', { name: 'Acme Metering', exact: true }).count()).toBe(1);
    expect(await shownPrefix()).toBe(prefix);

    // Rotation, confirmed first: a new key, shown once; the old one stops working at once.
    await row()
      .getByRole('button', { name: `Rotate the key of ${NAME}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the key' });
    expect(await confirm.innerText()).toContain('The current key stops working at once');
    await confirm.getByRole('button', { name: 'Rotate key' }).click();
    const rotated = await takeKey();
    expect(rotated).not.toBe(key);
    await closeKey();
    await expect.poll(() => shownPrefix()).not.toBe(prefix);
    expect(rotated.startsWith(await shownPrefix())).toBe(true);
    expect((await upload(key)).status).toBe(401);
    expect((await upload(rotated)).status).toBe(202);

    // Revocation, confirmed first: the gateway stays listed as revoked, its key no longer works.
    await row()
      .getByRole('button', { name: `Revoke ${NAME}` })
      .click();
    const revoke = page.getByRole('dialog', { name: 'Revoke the gateway' });
    expect(await revoke.innerText()).toContain('cannot be undone');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByText(`${NAME} revoked`).count()).toBe(1);
    await expect.poll(() => row().getByRole('cell', { name: 'Revoked', exact: true }).count()).toBe(1);
    expect(await row().getByRole('button').count()).toBe(0);
    expect((await upload(rotated)).status).toBe(401);
    expect((await upload(key)).status).toBe(401);
  });

  it('filters by status in the URL and exports the list', async () => {
    const filter = page.getByTestId('gateways-filter');
    await filter.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/gateway/gateway?status=active');
    await expect
      .poll(() => page.getByTestId('gateways-table').getByText('No gateway matches').count())
      .toBe(1);

    await filter.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Revoked' }).click();
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/gateway/gateway?status=revoked');
    await expect.poll(() => row().count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gateways_\d{14}\.xlsx$/);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe('PK');
  });

  it('shows a read-only user the list and the export, without the commands', async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const viewer = await context.newPage();
    const path = '/gateway/gateway';
    await signIn(viewer, 'demo_viewer', 'View1234', path);
    const table = viewer.getByTestId('gateways-table');
    await expect.poll(() => table.getByRole('cell', { name: NAME, exact: true }).count()).toBe(1);
    expect(await viewer.getByRole('button', { name: 'Export' }).count()).toBe(1);
    expect(await viewer.getByRole('button', { name: 'New gateway' }).count()).toBe(0);
    await context.close();
  });
});
