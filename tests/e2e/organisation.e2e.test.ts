import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** Departments (tree table) and roles (permission tree) of the demo tenant. */
describe('departments and roles in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  const rowIn = (page: Page, testId: string, name: string) =>
    page
      .getByTestId(testId)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('builds a department tree and refuses to delete a department with sub-departments', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/dept');
    // The name cell also holds the expand button: rows are found by the name's text.
    const row = (name: string) =>
      page
        .getByTestId('depts-table')
        .getByRole('row')
        .filter({ has: page.getByText(name, { exact: true }) });

    await page.getByRole('button', { name: 'New department' }).click();
    const dialog = page.getByRole('dialog', { name: 'New department' });
    // Validated in the browser with the shared schema: the name is required.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.mantine-InputWrapper-error').count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Department name' }).fill('Head office');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New department' }).count()).toBe(0);
    await expect.poll(() => row('Head office').count()).toBe(1);

    await row('Head office').getByRole('button', { name: 'Add a sub-department to Head office' }).click();
    const sub = page.getByRole('dialog', { name: 'New sub-department' });
    await expect
      .poll(() => sub.getByLabel('Parent department', { exact: true }).first().inputValue())
      .toContain('Head office');
    await sub.getByRole('textbox', { name: 'Department name' }).fill('Leak team');
    await sub.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New sub-department' }).count()).toBe(0);

    // The tree: Leak team one level below Head office, hidden when Head office is collapsed.
    await expect.poll(() => row('Leak team').count()).toBe(1);
    expect(await row('Head office').getAttribute('data-depth')).toBe('0');
    expect(await row('Leak team').getAttribute('data-depth')).toBe('1');
    await page.screenshot({ path: join(outputDir, 'depts-en.png') });
    await row('Head office').getByRole('button', { name: 'Collapse Head office' }).click();
    await expect.poll(() => row('Leak team').count()).toBe(0);
    await row('Head office').getByRole('button', { name: 'Expand Head office' }).click();
    await expect.poll(() => row('Leak team').count()).toBe(1);

    // Deleting asks first; the server refuses a department with sub-departments.
    await row('Head office').getByRole('button', { name: 'Delete Head office' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete department' });
    await expect
      .poll(() => confirm.getByText('Delete the department Head office? This cannot be undone.').count())
      .toBe(1);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByText('The department has sub-departments and cannot be deleted').count())
      .toBe(1);
    expect(await row('Head office').count()).toBe(1);

    // Editing: the name changes and the tree stays.
    await row('Leak team').getByRole('button', { name: 'Edit Leak team' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit department' });
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'Department name' }).inputValue())
      .toBe('Leak team');
    await edit.getByRole('textbox', { name: 'Leader' }).fill('Ada');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit department' }).count()).toBe(0);
    await expect.poll(async () => (await row('Leak team').textContent()) ?? '').toContain('Ada');
    await page.context().close();
  });

  it('creates a role with a permission, edits it, and leaves the administrator role read-only', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/role');
    const row = (name: string) => rowIn(page, 'roles-table', name);
    for (const name of ['Administrator', 'Operator', 'Read only'])
      await expect.poll(() => row(name).count()).toBe(1);

    // The administrator role can only be viewed.
    expect(await row('Administrator').getByRole('button', { name: 'Edit Administrator' }).count()).toBe(0);
    expect(await row('Administrator').getByRole('button', { name: 'Delete Administrator' }).count()).toBe(0);
    expect(await row('Operator').getByRole('button', { name: 'Edit Operator' }).count()).toBe(1);

    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    await dialog.getByRole('textbox', { name: 'Role name' }).fill('Valve crew');
    await dialog.getByRole('textbox', { name: 'Role key' }).fill('valve_crew');
    const tree = dialog.getByTestId('permission-tree');
    await tree.getByRole('button', { name: 'Expand Meters' }).click();
    await tree.getByRole('checkbox', { name: 'Valve operation', exact: true }).check();
    // The page ticks its buttons; the directory above is partly ticked.
    await expect
      .poll(() => tree.getByRole('checkbox', { name: 'Meters', exact: true }).isChecked())
      .toBe(false);
    expect(
      await tree
        .getByRole('checkbox', { name: 'Meters', exact: true })
        .evaluate((el) => (el as HTMLInputElement).indeterminate),
    ).toBe(true);
    await page.screenshot({ path: join(outputDir, 'role-form-en.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New role' }).count()).toBe(0);

    await expect.poll(() => row('Valve crew').count()).toBe(1);
    const cells = await row('Valve crew').getByRole('cell').allTextContents();
    expect(cells).toContain('valve_crew');
    expect(cells).toContain('0');

    // Edited: the ticked permissions come back, the name changes.
    await row('Valve crew').getByRole('button', { name: 'Edit Valve crew' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role' });
    await expect.poll(() => edit.getByRole('textbox', { name: 'Role name' }).inputValue()).toBe('Valve crew');
    await edit.getByRole('button', { name: 'Expand all' }).click();
    await expect
      .poll(() => edit.getByRole('checkbox', { name: 'Valve operation', exact: true }).isChecked())
      .toBe(true);
    await edit.getByRole('textbox', { name: 'Role name' }).fill('Valve crew north');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit role' }).count()).toBe(0);
    await expect.poll(() => row('Valve crew north').count()).toBe(1);
    await page.screenshot({ path: join(outputDir, 'roles-en.png') });
    await page.context().close();
  });
  it('sets the data scope of a role to chosen departments in a small dialog', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/role');
    const row = (name: string) => rowIn(page, 'roles-table', name);
    await expect.poll(() => row('Operator').count()).toBe(1);
    expect(
      await row('Administrator').getByRole('button', { name: 'Data scope of Administrator' }).count(),
    ).toBe(0);

    await row('Operator').getByRole('button', { name: 'Data scope of Operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data scope of Operator' });
    await dialog.getByLabel('Data scope', { exact: true }).click();
    await page.getByRole('option', { name: 'Chosen departments' }).click();
    // The departments of the tenant (built by the first case), expanded.
    await dialog.getByRole('checkbox', { name: 'Leak team', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Data scope of Operator' }).count()).toBe(0);

    await row('Operator').getByRole('button', { name: 'Data scope of Operator' }).click();
    const again = page.getByRole('dialog', { name: 'Data scope of Operator' });
    await expect
      .poll(() => again.getByLabel('Data scope', { exact: true }).inputValue())
      .toBe('Chosen departments');
    await expect
      .poll(() => again.getByRole('checkbox', { name: 'Leak team', exact: true }).isChecked())
      .toBe(true);
    await page.context().close();
  });
});
