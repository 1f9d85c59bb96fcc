import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { browserTestBed } from './test-bed.ts';

/** Waits on a shared machine: a command and the list after it may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Platform administration in the browser: menus as data, notices and the notice centre, agent recharge. */
describe('platform administration in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  const sidebar = (page: Page) => page.getByTestId('sidebar');

  it('adds a page to the menu tree: it shows in the sidebar after a reload and opens its component', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/platform/menu');
    const systemRow = page
      .getByTestId('menus-table')
      .getByRole('row')
      .filter({ has: page.getByText('System', { exact: true }) });
    await systemRow.getByRole('button', { name: 'Add an entry below System' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add below' });
    // Validated in the browser with the shared schema: titles, path and component are required.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => dialog.locator('.mantine-InputWrapper-error').count()).toBeGreaterThan(0);
    const titles = {
      简体中文: '公告栏',
      English: 'Bulletin board',
      Français: "Tableau d'affichage",
      'Bahasa Indonesia': 'Papan buletin',
    };
    for (const [language, title] of Object.entries(titles))
      await dialog.getByRole('textbox', { name: `Title (${language})` }).fill(title);
    await dialog.getByRole('textbox', { name: 'Route path' }).fill('bulletins');
    await dialog.getByLabel('Page component').fill('system/dept/index');
    await dialog.getByRole('textbox', { name: 'Permission string' }).fill('system:bulletin:list');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // The sidebar is built from the menu tree at sign-in: after a reload the new page is there.
    await page.reload();
    await sidebar(page).getByRole('button', { name: 'System' }).click();
    await sidebar(page).getByRole('link', { name: 'Bulletin board' }).click();
    await page.waitForURL('**/system/bulletins');
    await poll(() => page.getByTestId('depts-page').count()).toBe(1);
  });

  it('publishes a notice that a colleague reads in the notice centre', async () => {
    const admin = await newPage();
    await signIn(admin, 'demo_admin', 'Demo1234', '/system/notice');
    await admin.getByRole('button', { name: 'Write notice' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Write notice' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Works on Sunday');
    await dialog
      .getByRole('textbox', { name: 'Content' })
      .fill('Water is off from 8:00 to 12:00 in the north.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = admin.getByTestId('notices-table').getByRole('row').filter({ hasText: 'Works on Sunday' });
    await poll(() => row.getByRole('cell', { name: 'Draft', exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Publish Works on Sunday' }).click();
    await admin
      .getByRole('dialog', { name: 'Publish notice' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await poll(() => row.getByRole('cell', { name: 'Published', exact: true }).count()).toBe(1);

    const viewer = await newPage();
    await signIn(viewer, 'demo_viewer', 'View1234', '/message/noticeCenter');
    const item = viewer.getByRole('button', { name: 'Works on Sunday' });
    await poll(() => item.getByText(/Unread/).count()).toBe(1);
    await item.click();
    await poll(() => viewer.getByTestId('notice-content').textContent()).toBe(
      'Water is off from 8:00 to 12:00 in the north.',
    );
    await viewer.keyboard.press('Escape');
    await poll(() => item.getByText(/Read ·/).count()).toBe(1);
    // Read state is per user: the author has not read it.
    await admin.goto(`${bed.url}/message/noticeCenter`);
    await poll(() =>
      admin
        .getByRole('button', { name: 'Works on Sunday' })
        .getByText(/Unread/)
        .count(),
    ).toBe(1);
  });

  it("recharges an agent's account and refuses a withdrawal beyond the balance", async () => {
    const headers = await apiLogin(bed.url, 'admin', 'Admin123');
    const role = await fetch(`${bed.url}/prod-api/system/role`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ roleName: 'Agent', roleKey: 'agent', roleType: 'agent' }),
    }).then((r) => r.json());
    await fetch(`${bed.url}/prod-api/system/user`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userName: 'agent_wang', nickName: 'Agent Wang', roleIds: [role.data.roleId] }),
    });

    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/tenant/agent');
    const row = page.getByTestId('agents-table').getByRole('row').filter({ hasText: 'agent_wang' });
    await row.getByRole('button', { name: 'Recharge agent_wang' }).click();
    const recharge = page.getByRole('dialog', { name: 'Recharge agent_wang' });
    await recharge.getByRole('textbox', { name: 'Amount' }).fill('120.5');
    await recharge.getByRole('button', { name: 'Recharge' }).click();
    await poll(() => row.getByRole('cell', { name: '120.50' }).count()).toBe(2); // balance and total

    await row.getByRole('button', { name: 'Withdraw from agent_wang' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw from agent_wang' });
    await withdraw.getByRole('textbox', { name: 'Amount' }).fill('500');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await poll(() => page.getByText('Account balance insufficient').count()).toBeGreaterThan(0);
    await withdraw.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Account movements of agent_wang' }).click();
    const movements = page.getByTestId('agent-movements');
    await poll(() => movements.getByRole('row').filter({ hasText: 'Recharge' }).count()).toBe(1);
  });

  it('opens the entries of one dictionary by its numeric id', async () => {
    const headers = await apiLogin(bed.url, 'admin', 'Admin123');
    const types = await fetch(`${bed.url}/prod-api/system/dict/type/list?dictType=alarm_status`, {
      headers,
    }).then((r) => r.json());
    const { dictId } = types.rows[0];
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', `/dict/type/data/${dictId}`);
    await poll(() => page.getByText('Dictionary alarm_status').count()).toBe(1);
    const table = page.getByTestId('dicts-table');
    await poll(() => table.getByRole('row').count()).toBe(5); // the header and the four alarm states
    await poll(() => table.getByText('Unprocessed', { exact: true }).count()).toBe(1);
  });
});
