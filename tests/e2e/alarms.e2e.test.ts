import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { fleetBackfilled, PHONE } from './support.ts';
import { browserTestBed } from './test-bed.ts';

const METER = '78000001';
const HOUR = 3_600_000;

/** Meter alarms: a tampered meter raises an alarm the bell shows; its detail opens; the records process it. */
describe('meter alarms in the browser', () => {
  // Alarms are evaluated every two seconds here instead of every minute.
  const bed = browserTestBed({ HYDROLOG_METER_ALARM_MS: '2000' });
  const { newPage, signIn } = bed;
  const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

  beforeAll(async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const type = await apiCall(bed.url, headers, 'POST', '/business/meterType', {
      name: 'E2E alarms DN15',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const meter = await apiCall(bed.url, headers, 'POST', '/business/meter', {
      meterNo: METER,
      meterTypeId: type.data.meterTypeId,
    });
    expect(meter.code).toBe(200);
    const gateway = await apiCall(bed.url, headers, 'POST', '/ingest/gateway', {
      name: 'E2E alarms',
      kind: 'gateway',
    });
    // The meter reports hourly; its last reading carries the magnetic tamper code (2).
    const now = Date.now() - 60_000;
    const readings = [3, 2, 1, 0].map((h) => ({
      meterNo: METER,
      ts: new Date(now - h * HOUR).toISOString(),
      total: 10 + (3 - h) * 0.1,
      ...(h === 0 ? { alarms: ['2'] } : {}),
    }));
    const uploaded = await fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ batchId: randomUUID(), readings }),
    });
    expect(uploaded.status).toBe(202);
    // The job raises the alarm within a few of its rounds.
    const raised = async () =>
      (await apiCall(bed.url, headers, 'GET', `/report/alarm/processed/list?meterNo=${METER}`))
        .total as number;
    for (let tries = 0; tries < 60 && (await raised()) === 0; tries++)
      await new Promise((r) => setTimeout(r, 500));
    expect(await raised()).toBe(1);
  });

  it('shows the alarm in the bell, opens it, and processes it from the alarm records with a remark', async () => {
    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/index');

    await page.getByTestId('bell').click();
    const item = page.getByTestId('bell-item').filter({ hasText: METER });
    await eventually(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain('Magnetic tampering');
    expect(await item.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await item.getAttribute('data-read')).toBe('false');
    await item.click();
    const detail = page.getByTestId('alarm-detail');
    await eventually(() => detail.count()).toBe(1);
    expect(await detail.innerText()).toContain(METER);
    expect(await detail.innerText()).toContain('Unprocessed');
    await page.keyboard.press('Escape');
    await eventually(() => detail.count()).toBe(0);
    await page.getByTestId('bell').click();
    await eventually(() => item.getAttribute('data-read')).toBe('true');

    await page.getByRole('button', { name: 'View all' }).click();
    await page.waitForURL('**/alarm/alarm');
    const table = page.getByTestId('alarms-table');
    const row = table.locator('tbody tr', { hasText: METER });
    await eventually(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Unprocessed');
    await row.getByRole('button', { name: `Process alarm Magnetic tampering on meter ${METER}` }).click();
    const form = page.getByTestId('alarm-process-form');
    await form.getByRole('button', { name: 'Process' }).click();
    await eventually(() => form.getByText('Required').count()).toBe(1);
    await form.getByLabel('Remark').fill('Magnet removed, seal replaced');
    await form.getByRole('button', { name: 'Process' }).click();
    await eventually(() => page.getByTestId('alarm-process-form').count()).toBe(0);
    await eventually(() => row.innerText()).toContain('Processed');
    expect(await row.innerText()).toContain('Magnet removed, seal replaced');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

/**
 * The whole loop on the demo fleet: the simulator's household leak raises a continuous flow alarm,
 * the bell shows it, a work order is made from it, and completing the order processes the alarm.
 */
describe('a household leak taken into work in the browser', () => {
  // The demo fleet with its meters in trouble (a household leak among them); alarms evaluated every 2 s.
  const bed = browserTestBed({ HYDROLOG_SIMULATE: '1', HYDROLOG_METER_ALARM_MS: '2000' });
  const { signIn } = bed;
  const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });
  let leaking = '';

  beforeAll(async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    await fleetBackfilled(bed.url, headers);
    // The simulator's household leak runs since 36 hours ago: a continuous flow alarm (5) on its meter. The
    // bell lists the newest 50 alarms, and the alarm job raises a few hundred over its rounds while the
    // fleet's backfill is projected. The leak taken into work is picked once no more are raised (the same count
    // for 15 s, several of the job's rounds): one of those the bell lists, still unprocessed.
    const deadline = Date.now() + 240_000;
    let settled = { count: -1, since: Date.now() };
    while (!leaking && Date.now() < deadline) {
      const notices = (await apiCall(bed.url, headers, 'GET', '/report/alarm/processed/listNotice')).data;
      if (notices.allAlarmCount !== settled.count)
        settled = { count: notices.allAlarmCount, since: Date.now() };
      const quiet = Date.now() - settled.since >= 15_000;
      for (const notice of (quiet ? notices.allAlarmList : []) as {
        meterNo: string;
        eventType: string | number;
      }[]) {
        if (String(notice.eventType) !== '5') continue;
        const open = await apiCall(
          bed.url,
          headers,
          'GET',
          `/report/alarm/processed/list?eventType=5&status=0&meterNo=${notice.meterNo}`,
        );
        if (open.rows?.some((row: { meterNo: string }) => row.meterNo === notice.meterNo)) {
          leaking = notice.meterNo;
          break;
        }
      }
      if (!leaking) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(leaking).not.toBe('');
  }, 480_000);

  it('shows the leak in the bell, makes a work order of it, and the alarm reads processed once its assignee completes the order on a phone', async () => {
    const desk = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const page = await desk.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/index');
    await page.getByTestId('bell').click();
    const item = page
      .getByTestId('bell-item')
      .filter({ hasText: leaking })
      .filter({ hasText: 'Continuous flow (possible leak)' });
    await eventually(() => item.count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // Its row among the few hundred: the records filtered by its meter.
    await page.goto(`${bed.url}/alarm/alarm?meterNo=${leaking}`);
    const type = 'Continuous flow (possible leak)';
    const rows = page
      .getByTestId('alarms-table')
      .locator('tbody tr', { hasText: leaking })
      .filter({ hasText: type });
    await eventually(() => rows.count()).toBeGreaterThan(0);
    // A leak that runs over two local days has an alarm of each: the newest (listed first) is taken into work.
    const row = rows.first();
    await row.getByRole('checkbox', { name: `Select alarm ${type} on meter ${leaking}` }).check();
    await page.getByRole('button', { name: 'Work order from selected (1)' }).click();
    const form = page.getByTestId('work-order-form');
    expect(await form.getByLabel('Meter number').inputValue()).toBe(leaking);
    await form.getByLabel('Title').fill('E2E household leak');
    await form.getByLabel('Assignee').click();
    await page.getByRole('option', { name: 'Demo operator' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByTestId('work-order-form').count()).toBe(0);
    await eventually(() => row.innerText()).toContain('Processing');

    // The assignee, on a phone, starts and completes the order.
    const phone = await bed.browser.newContext(PHONE);
    const mobile = await phone.newPage();
    mobile.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(mobile, 'demo_operator', 'Oper1234', '/workOrder/mine');
    await mobile.getByRole('button', { name: 'Open E2E household leak' }).click();
    const onSite = mobile.getByTestId('work-order-detail');
    await onSite.getByRole('button', { name: 'Start' }).click();
    await eventually(() => onSite.locator('[data-status="processing"]').count()).toBe(1);
    await onSite.getByRole('button', { name: 'Complete' }).click();
    const remark = mobile.getByTestId('work-order-remark');
    await remark.getByLabel('Remark').fill('Toilet cistern valve replaced');
    await remark.getByRole('button', { name: 'Complete' }).click();
    await eventually(() => onSite.locator('[data-status="completed"]').count()).toBe(1);
    await phone.close();

    // Back at the desk, the alarm the order was made from is processed.
    await page.reload();
    await eventually(() => row.innerText()).toContain('Processed');
    expect(pageErrors).toEqual([]);
    await desk.close();
  });
});
