import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

const TYPE = 'E2E NB-IoT DN15';
/** expect.poll with room for a loaded machine (the service shares the cores with other work). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const ROWS = 1000;
const FIRST_NO = 40_000_000;

/**
 * A 1,000-row meter file: the template's columns, one meter per row, with a few bad rows (data row i is
 * spreadsheet row i + 2): a 14-digit IMEI, an unknown type, a number repeated in the file, a number already
 * registered through the form, and a number with letters.
 */
async function meterFile(): Promise<{ buffer: Buffer; bad: Map<number, string> }> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('meters');
  sheet.addRow([
    'Meter number',
    'Meter type',
    'IMEI',
    'SIM number',
    'Key',
    'Initial electronic reading (m³)',
  ]);
  const bad = new Map<number, string>([
    [12, 'IMEI: The IMEI must be 15 digits'],
    [250, 'Unknown meter type: Unknown model'],
    [500, 'The meter number is repeated in the file (row 2)'],
    [777, 'The meter number already exists'],
    [999, 'Meter number: The meter number must be digits only (at most 32)'],
  ]);
  for (let i = 0; i < ROWS; i++) {
    const row = i + 2;
    const meterNo = String(FIRST_NO + i);
    const imei = String(860_000_000_000_000 + i);
    const cells: (string | number)[] = [
      meterNo,
      TYPE,
      imei,
      `8986${String(i).padStart(16, '0')}`,
      `k${i}`,
      i % 7,
    ];
    if (row === 12) cells[2] = imei.slice(1);
    if (row === 250) cells[1] = 'Unknown model';
    if (row === 500) cells[0] = String(FIRST_NO);
    if (row === 777) cells[0] = '39999999';
    if (row === 999) cells[0] = `${meterNo}A`;
    sheet.addRow(cells);
  }
  return { buffer: Buffer.from(await book.xlsx.writeBuffer()), bad };
}

/** The meter list's URL once filtered by a number (the router may quote a numeric value). */
const filteredBy = (meterNo: number) => (url: URL) =>
  url.pathname === '/meter/list' && url.searchParams.get('meterNo')?.replaceAll('"', '') === String(meterNo);

/** The demo administrator creates a meter type, registers a meter, then imports 1,000 meters through the browser. */
describe('meters in the browser', () => {
  const bed = browserTestBed();
  const { signIn } = bed;
  let page: Page;
  beforeAll(async () => {
    const context = await bed.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
  });

  it('creates a meter type in the meter types page', async () => {
    const path = '/meter/type';
    await signIn(page, 'demo_admin', 'Demo1234', path);
    await eventually(() => page.getByText('No meter type yet', { exact: false }).count()).toBe(1);

    await page.getByRole('button', { name: 'New meter type' }).click();
    const dialog = page.getByRole('dialog', { name: 'New meter type' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.getByText('Required', { exact: true }).count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Model name' }).fill(TYPE);
    await dialog.getByRole('textbox', { name: 'Report interval (min)' }).fill('60');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await eventually(() =>
      page.getByTestId('meter-types-table').getByRole('cell', { name: TYPE, exact: true }).count(),
    ).toBe(1);
  });

  it('registers a meter with the form, checking the IMEI first', async () => {
    await page.goto(`${bed.url}/meter/list`);
    await eventually(() => page.getByText('No meter yet', { exact: false }).count()).toBe(1);
    await page.getByRole('button', { name: 'Register a meter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a meter' });
    await dialog.getByRole('textbox', { name: 'Meter number' }).fill('39999999');
    await dialog.getByLabel('Meter type').click();
    await page.getByRole('option', { name: TYPE }).click();
    await dialog.getByRole('textbox', { name: 'IMEI' }).fill('12345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.getByText('The IMEI must be 15 digits').count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'IMEI' }).fill('861234567890123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await eventually(() => page.getByText('1 meter', { exact: true }).count()).toBe(1);
  });

  it('imports a 1,000-row file: the row-level report names each bad row, and the good rows are in the list', async () => {
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import meters' });
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('meter-import-template.xlsx');

    const { buffer, bad } = await meterFile();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'meters.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('meter-import-report');
    await expect.poll(() => report.count(), { timeout: 60_000 }).toBe(1);
    expect(await report.innerText()).toContain(
      `${ROWS - bad.size} meters imported, ${bad.size} rows refused`,
    );
    const failures = page.getByTestId('meter-import-failures').getByRole('row');
    await eventually(() => failures.count()).toBe(bad.size + 1);
    for (const [i, [row, reason]] of [...bad].entries()) {
      const cells = await failures
        .nth(i + 1)
        .getByRole('cell')
        .allTextContents();
      expect([cells[0], cells[2]]).toEqual([String(row), reason]);
    }
    await page.screenshot({ path: `${outputDir}/meters-import-report.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The registered meter and every good row.
    await eventually(() => page.getByText(`${ROWS - bad.size + 1} meters`, { exact: true }).count()).toBe(1);
    const filter = page.getByTestId('meters-filter');
    await filter.getByRole('textbox', { name: 'Meter number' }).fill(String(FIRST_NO + 998));
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(filteredBy(FIRST_NO + 998));
    await eventually(() => page.getByText('1 meter', { exact: true }).count()).toBe(1);
    await filter.getByRole('textbox', { name: 'Meter number' }).fill(String(FIRST_NO + 10));
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(filteredBy(FIRST_NO + 10));
    // Row 12 (data row 10) was refused for its IMEI.
    await eventually(() => page.getByText('No meter matches').count()).toBe(1);
    await page.screenshot({ path: `${outputDir}/meters-list.png` });
  });

  it('sorts the list by a header click, kept in the URL, and keeps a hidden column hidden after a reload', async () => {
    await page.goto(`${bed.url}/meter/list`);
    const table = page.getByTestId('meters-table');
    const firstMeterNo = () => table.locator('tbody tr').first().locator('td').first().textContent();
    const sortedBy = (isAsc: string) => (url: URL) =>
      url.searchParams.get('orderByColumn') === 'imei' && url.searchParams.get('isAsc') === isAsc;
    const imei = table.getByRole('columnheader', { name: 'IMEI' });
    // The list's own order is by meter number; the form's meter has the highest IMEI.
    await eventually(firstMeterNo).toBe('39999999');
    expect(await imei.getAttribute('aria-sort')).toBe('none');
    await imei.getByRole('button').click();
    await page.waitForURL(sortedBy('ascending'));
    await eventually(firstMeterNo).toBe(String(FIRST_NO));
    expect(await imei.getAttribute('aria-sort')).toBe('ascending');
    await imei.getByRole('button').click();
    await page.waitForURL(sortedBy('descending'));
    await eventually(firstMeterNo).toBe('39999999');
    expect(await imei.getAttribute('aria-sort')).toBe('descending');
    await eventually(() => table.locator('tbody tr').nth(1).locator('td').first().textContent()).toBe(
      String(FIRST_NO + ROWS - 1),
    );

    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByTestId('meters-table-columns');
    await columns.getByRole('checkbox', { name: 'IMEI' }).uncheck();
    await eventually(() => imei.count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.reload();
    // The sort comes back from the URL, the column choice from this browser.
    await eventually(firstMeterNo).toBe('39999999');
    expect(await table.getByRole('columnheader').allTextContents()).not.toContain('IMEI');
    expect(await table.locator('tbody tr').first().locator('td').count()).toBe(
      await table.getByRole('columnheader').count(),
    );
    await page.screenshot({ path: `${outputDir}/meters-sorted-column-hidden.png` });
    await page.getByRole('button', { name: 'Columns' }).click();
    await columns.getByRole('button', { name: 'Show all columns' }).click();
    await eventually(() => imei.count()).toBe(1);
    await page.keyboard.press('Escape');
    // A third click goes back to the list's own order.
    await imei.getByRole('button').click();
    await page.waitForURL((url) => url.pathname === '/meter/list' && !url.searchParams.has('orderByColumn'));
    await eventually(firstMeterNo).toBe('39999999');
    expect(await imei.getAttribute('aria-sort')).toBe('none');
  });

  it('closes two valves in one batch: sending until the gateway answers, then success, live in the list', async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const gateway = await (
      await fetch(`${bed.url}/prod-api/ingest/gateway`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'E2E gateway', kind: 'gateway' }),
      })
    ).json();
    const key = gateway.data.key as string;
    // Meter 39999999 reports through this gateway, so its commands go there.
    const uploaded = await fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchId: randomUUID(),
        readings: [{ meterNo: '39999999', ts: new Date().toISOString(), total: 3.5, valve: 'open' }],
      }),
    });
    expect(uploaded.status).toBe(202);

    await page.goto(`${bed.url}/meter/valve`);
    const table = page.getByTestId('valves-table');
    const row = (meterNo: string) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name: meterNo, exact: true }) });
    await eventually(() => row('39999999').count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Select meter 39999999' }).check();
    await page.getByRole('checkbox', { name: `Select meter ${FIRST_NO + 1}` }).check();
    await page.getByRole('button', { name: 'Close selected (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close valves' });
    expect(await confirm.innerText()).toContain('no water until the valves are opened again');
    await confirm.getByRole('button', { name: 'Close valve' }).click();
    await eventually(() => page.getByTestId('command-39999999').textContent()).toBe('Close · Sending');
    await eventually(() => page.getByTestId(`command-${FIRST_NO + 1}`).textContent()).toBe('Close · Sending');

    const gatewayHeaders = { authorization: `Bearer ${key}` };
    const { commands } = await (
      await fetch(`${bed.url}/ingest/v1/commands?wait=5`, { headers: gatewayHeaders })
    ).json();
    expect(commands.map((c: { meterNo: string; kind: string }) => [c.meterNo, c.kind])).toEqual([
      ['39999999', 'valveClose'],
    ]);
    const ack = await fetch(`${bed.url}/ingest/v1/commands/${commands[0].commandId}/ack`, {
      method: 'POST',
      headers: { ...gatewayHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'success' }),
    });
    expect(ack.ok).toBe(true);
    // The page polls while a command is sending: no reload needed.
    await expect
      .poll(() => page.getByTestId('command-39999999').textContent(), { timeout: 20_000 })
      .toBe('Close · Success');
    expect(await page.getByTestId(`command-${FIRST_NO + 1}`).textContent()).toBe('Close · Sending');
    await page.screenshot({ path: `${outputDir}/meters-valves.png` });
  });

  it("lists the meter's valve command in its history, opened from the meter list", async () => {
    await page.goto(`${bed.url}/meter/list?meterNo=39999999`);
    await page.getByTestId('meters-table').getByRole('link', { name: '39999999', exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/report/history' &&
        url.searchParams.get('meterNo')?.replaceAll('"', '') === '39999999',
    );
    await eventually(() => page.getByTestId('history-meter-no').textContent()).toBe('Meter 39999999');
    await page.getByRole('tab', { name: 'Commands' }).click();
    const rows = page.getByTestId('history-commands').locator('tbody tr');
    await eventually(() => rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells.slice(0, 2)).toEqual(['Close', 'Success']);
    // Issued and last changed, in the tenant's zone.
    expect(cells[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await page.getByText('1 command', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: `${outputDir}/meters-history-commands.png` });
  });
});
