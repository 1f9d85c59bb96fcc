import { describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { browserTestBed } from './test-bed.ts';

/** Waits on a shared machine: a command and the list after it may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The platform's reference data in the browser: carriers, regions, third-party platforms, dictionary types. */
describe('platform reference data in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  it('adds a carrier: picking the country fills in its area code', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/tenant/carrier');
    await page.getByRole('button', { name: 'Add carrier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add carrier' });
    // Validated in the browser with the shared schema: name, country, area code and length are required.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => dialog.locator('.mantine-InputWrapper-error').count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Carrier name' }).fill('Safaricom');
    await dialog.getByLabel('Country').fill('Kenya');
    await page.getByRole('option', { name: 'Kenya (+254)' }).click();
    await poll(() => dialog.getByRole('textbox', { name: 'Area code' }).inputValue()).toBe('+254');
    await dialog.getByRole('textbox', { name: 'Text message length' }).fill('160');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    const row = page.getByTestId('carriers-table').getByRole('row').filter({ hasText: 'Safaricom' });
    await poll(() => row.getByRole('cell', { name: 'Kenya', exact: true }).count()).toBe(1);
    await poll(() => row.getByRole('cell', { name: '+254', exact: true }).count()).toBe(1);
    await poll(() => row.getByRole('cell', { name: '160', exact: true }).count()).toBe(1);
  });

  it('adds a top region and a sub-region below it', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/tenant/region');
    await page.getByRole('button', { name: 'Add top region' }).click();
    const top = page.getByRole('dialog', { name: 'Add top region' });
    await top.getByRole('textbox', { name: 'Region name' }).fill('North district');
    await top.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    const table = page.getByTestId('regions-table');
    const northRow = table.getByRole('row').filter({ hasText: 'North district' });
    await northRow.getByRole('button', { name: 'Add a sub-region to North district' }).click();
    const sub = page.getByRole('dialog', { name: 'Add sub-region' });
    await sub.getByRole('textbox', { name: 'Region name' }).fill('Riverside');
    await sub.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // The sub-region sits one level below its parent, which now counts one sub-region.
    const riversideRow = table.getByRole('row').filter({ hasText: 'Riverside' });
    await poll(() => riversideRow.getAttribute('aria-level')).toBe('2');
    expect(await northRow.getAttribute('aria-level')).toBe('1');
    await poll(() => northRow.getByRole('cell', { name: '1', exact: true }).count()).toBe(1);
  });

  it('adds a third-party platform and renames it', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/tenant/thirdParty');
    await page.getByRole('button', { name: 'Add platform' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add platform' });
    await dialog.getByRole('textbox', { name: 'Platform code' }).fill('paybridge');
    await dialog.getByRole('textbox', { name: 'Platform name' }).fill('PayBridge');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    const row = page.getByTestId('third-parties-table').getByRole('row').filter({ hasText: 'paybridge' });
    await poll(() => row.getByRole('cell', { name: 'PayBridge', exact: true }).count()).toBe(1);
    await poll(() => row.getByRole('cell', { name: '0', exact: true }).count()).toBe(1); // no recharges yet

    await row.getByRole('button', { name: 'Edit PayBridge' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit platform' });
    await edit.getByRole('textbox', { name: 'Platform name' }).fill('PayBridge Africa');
    await edit.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => row.getByRole('cell', { name: 'PayBridge Africa', exact: true }).count()).toBe(1);
  });

  it('creates a dictionary type from the dictionaries page and adds an entry to it', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/platform/dict');
    await page.getByRole('button', { name: 'Dictionary types' }).click();
    const types = page.getByRole('dialog', { name: 'Dictionary types' });
    await types.getByRole('button', { name: 'Add type' }).click();
    const create = page.getByRole('dialog', { name: 'Add type' });
    await create.getByRole('textbox', { name: 'Dictionary name' }).fill('Pipe material');
    await create.getByRole('textbox', { name: 'Dictionary type' }).fill('pipe_material');
    await create.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog', { name: 'Add type' }).count()).toBe(0);

    // New types come last (by id): show the largest page so the new one is on it.
    await types.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    const typeRow = types
      .getByTestId('dict-types-table')
      .getByRole('row')
      .filter({ hasText: 'pipe_material' });
    await poll(() => typeRow.getByRole('cell', { name: 'Pipe material', exact: true }).count()).toBe(1);
    await typeRow.getByRole('link', { name: 'pipe_material' }).click();

    const headers = await apiLogin(bed.url, 'admin', 'Admin123');
    const listed = await fetch(`${bed.url}/prod-api/system/dict/type/list?dictType=pipe_material`, {
      headers,
    }).then((r) => r.json());
    const { dictId } = listed.rows[0];
    await page.waitForURL(`**/dict/type/data/${dictId}`);
    await poll(() => page.getByText('Dictionary pipe_material').count()).toBe(1);
    const table = page.getByTestId('dicts-table');
    await poll(() => table.getByText('No entry matches').count()).toBe(1);

    await page.getByRole('button', { name: 'New entry' }).click();
    const entry = page.getByRole('dialog', { name: 'New entry' });
    // The new entry starts in the dictionary of the page.
    expect(await entry.getByLabel('Dictionary type').inputValue()).toBe('pipe_material');
    await entry.getByRole('textbox', { name: 'Value' }).fill('pe');
    const labels = {
      简体中文: '聚乙烯',
      English: 'Polyethylene',
      Français: 'Polyéthylène',
      'Bahasa Indonesia': 'Polietilena',
    };
    for (const [language, label] of Object.entries(labels))
      await entry.getByRole('textbox', { name: `Label (${language})` }).fill(label);
    await entry.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => table.getByRole('row').count()).toBe(2); // the header and the new entry
    const entryRow = table.getByRole('row').filter({ hasText: 'Polyethylene' });
    await poll(() => entryRow.getByRole('cell', { name: 'pe', exact: true }).count()).toBe(1);

    // The type now counts its entry.
    const after = await fetch(`${bed.url}/prod-api/system/dict/type/${dictId}`, { headers }).then((r) =>
      r.json(),
    );
    expect(after.data.dataCount).toBe(1);
  });
});
