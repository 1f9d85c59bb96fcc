import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

const METER_NO = '38800001';
const ACCOUNT = 'VALVE01';
/** expect.poll with room for a loaded machine (the service shares the cores with other work). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/**
 * The valve as an operator reads it: a command that succeeded is "commanded closed, awaiting the meter's
 * report" until the meter reports, then "closed, confirmed by the meter", on the valve page, the meter list,
 * the account and the meter's history; a failed close says why, is retried in one click and leaves a notice.
 */
describe('valve state in the browser', () => {
  let page: Page;
  let headers: Record<string, string>;
  let gatewayHeaders: Record<string, string>;
  let customerId: string;
  const bed = browserTestBed({}, { width: 1440, height: 900 });
  const { newPage, signIn } = bed;

  const api = (method: string, path: string, body?: object) => apiCall(bed.url, headers, method, path, body);
  const report = async (valve: 'open' | 'closed', ts: Date) => {
    const uploaded = await fetch(`${bed.url}/ingest/v1/readings`, {
      method: 'POST',
      headers: { ...gatewayHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchId: randomUUID(),
        readings: [{ meterNo: METER_NO, ts: ts.toISOString(), total: 12.5, valve }],
      }),
    });
    expect(uploaded.status).toBe(202);
  };
  /** The gateway takes the meter's command and answers it. */
  const answer = async (status: 'success' | 'fail', detail?: string) => {
    const { commands } = await (
      await fetch(`${bed.url}/ingest/v1/commands?wait=5`, { headers: gatewayHeaders })
    ).json();
    expect(commands.map((c: { meterNo: string }) => c.meterNo)).toEqual([METER_NO]);
    const ack = await fetch(`${bed.url}/ingest/v1/commands/${commands[0].commandId}/ack`, {
      method: 'POST',
      headers: { ...gatewayHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(detail ? { status, detail } : { status }),
    });
    expect(ack.ok).toBe(true);
  };
  const valve = () => page.getByTestId(`valve-${METER_NO}`).first();
  const phase = () => valve().getAttribute('data-phase');
  /** Its text as written (a badge shows in capitals). */
  const text = async () => (await valve().textContent()) ?? '';
  /** The meter's last report beside a command it has not confirmed. */
  const lastReport = async () => (await valve().getByTestId('valve-reported').textContent()) ?? '';
  const REPORTED_OPEN = /^Last report: Open \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
  const retry = () => page.getByRole('button', { name: `Retry the command to meter ${METER_NO}` });
  /** The account's latest valve commands, newest first, as [kind, status]. */
  const latestCommands = async (count: number) =>
    (await api('GET', `/business/valve/list?meterNo=${METER_NO}`)).rows
      .slice(0, count)
      .map((c: { kind: string; status: string }) => [c.kind, c.status]);

  beforeAll(async () => {
    headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const gateway = await api('POST', '/ingest/gateway', { name: 'Valve gateway', kind: 'gateway' });
    gatewayHeaders = { authorization: `Bearer ${gateway.data.key}` };
    const type = await api('POST', '/business/meterType', {
      name: 'Valve DN20',
      billingMode: 'prepaid',
      valveControl: true,
      communication: 'nbiot',
      cardKind: 'ic',
      reportIntervalMinutes: 60,
    });
    const meter = await api('POST', '/business/meter', {
      meterNo: METER_NO,
      meterTypeId: type.data.meterTypeId,
    });
    const customerType = await api('POST', '/business/customerType', { name: 'Valve households' });
    const opened = await api('POST', '/business/customer', {
      accountNo: ACCOUNT,
      name: 'Chen Jing',
      phone: '13800000123',
      customerTypeId: customerType.data.customerTypeId,
      meterId: meter.data.meterId,
    });
    expect(opened.code).toBe(200);
    customerId = opened.data.customerId;
    await report('open', new Date(Date.now() - 10 * 60_000));
    page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', `/meter/valve?meterNo=${METER_NO}`);
  });

  it('reads a successful close as commanded until the meter reports it closed, everywhere the valve shows', async () => {
    await eventually(text).toContain('Open');
    await page.getByRole('button', { name: `Close the valve of ${METER_NO}` }).click();
    await page
      .getByRole('dialog', { name: 'Close valves' })
      .getByRole('button', { name: 'Close valve' })
      .click();
    await eventually(phase).toBe('commanding');
    expect(await text()).toContain('Closing');
    // Still open as far as the meter has said, and since when: the water is not off yet.
    expect(await lastReport()).toMatch(REPORTED_OPEN);

    await answer('success');
    // The gateway has done it; the meter has not reported since: not "Open", not yet "Closed".
    await eventually(phase).toBe('awaitingReport');
    const awaiting = await text();
    expect(awaiting).toContain('Commanded closed');
    expect(awaiting).toContain("Awaiting the meter's report");
    expect(await lastReport()).toMatch(REPORTED_OPEN);
    expect(await page.getByTestId(`command-${METER_NO}`).textContent()).toBe('Close · Success');
    await page.screenshot({ path: `${outputDir}/valves-awaiting-report.png` });

    await page.goto(`${bed.url}/meter/list?meterNo=${METER_NO}`);
    await eventually(phase).toBe('awaitingReport');
    expect(await text()).toContain('Commanded closed');
    expect(await lastReport()).toMatch(REPORTED_OPEN);

    await page.goto(`${bed.url}/customer/account?accountNo=${ACCOUNT}`);
    await eventually(phase).toBe('awaitingReport');
    expect(await lastReport()).toMatch(REPORTED_OPEN);
    await page.getByRole('button', { name: `Details of ${ACCOUNT}` }).click();
    const detail = page.getByTestId('customer-detail');
    await eventually(() => detail.getByTestId(`valve-${METER_NO}`).getAttribute('data-phase')).toBe(
      'awaitingReport',
    );
    expect(await detail.getByTestId('valve-reported').textContent()).toMatch(REPORTED_OPEN);
    await page.keyboard.press('Escape');

    await report('closed', new Date());
    await page.goto(`${bed.url}/report/history?meterNo=${METER_NO}`);
    const header = page.getByTestId('history-meter');
    await eventually(() => header.getByTestId(`valve-${METER_NO}`).getAttribute('data-phase')).toBe(
      'confirmed',
    );
    expect(await header.getByTestId(`valve-${METER_NO}`).textContent()).toMatch(
      /^ClosedConfirmed by the meter \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
  });

  it('shows why a freeze’s valve close failed, retries it in one click, and leaves a notice for the staff', async () => {
    const account = (await api('GET', `/business/customer/${customerId}`)).data;
    const frozen = await api('PUT', '/business/customer/freeze', { customerId, version: account.version });
    expect(frozen.data.status).toBe('frozen');
    await answer('fail', 'Valve motor jammed');

    await page.goto(`${bed.url}/customer/account?accountNo=${ACCOUNT}`);
    await eventually(phase).toBe('failed');
    const failed = await text();
    expect(failed).toContain('Close failed');
    expect(failed).toContain('The gateway answered: Valve motor jammed');
    await page.screenshot({ path: `${outputDir}/valves-failed.png` });

    await retry().click();
    await eventually(phase).toBe('commanding');
    expect(await latestCommands(2)).toEqual([
      ['valveClose', 'sending'],
      ['valveClose', 'fail'],
    ]);

    await page.goto(`${bed.url}/message/noticeCenter`);
    const notice = page.getByRole('button', { name: `Valve close failed: meter ${METER_NO}` });
    await eventually(() => notice.count()).toBe(1);
    await notice.click();
    const content = await page.getByTestId('notice-content').innerText();
    expect(content).toContain('The gateway answered: Valve motor jammed');
    expect(content).toContain(`Account ${ACCOUNT} (Chen Jing) is on this meter.`);
  });

  it('shows why a timed-out close failed and retries it in one click', async () => {
    await answer('success');
    // A command times out 120 s after a gateway took it without answering; rather than wait, the valve
    // page is answered once what the service then says of the meter's latest command.
    await page.route(
      /\/prod-api\/business\/valve\/meters\?/,
      async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        for (const row of body.rows)
          if (row.meterNo === METER_NO) {
            row.commandStatus = 'timeout';
            row.valveCommand = { ...row.valveCommand, status: 'timeout', failure: 'noAck', detail: null };
          }
        await route.fulfill({ response, json: body });
      },
      { times: 1 },
    );
    await page.goto(`${bed.url}/meter/valve?meterNo=${METER_NO}`);
    await eventually(phase).toBe('failed');
    const failed = await text();
    expect(failed).toContain('Close failed');
    expect(failed).toContain('The gateway took it but gave no answer within 120 s');
    expect(await page.getByTestId(`command-${METER_NO}`).textContent()).toBe('Close · Timed out');

    await retry().click();
    await eventually(phase).toBe('commanding');
    expect(await retry().count()).toBe(0);
    expect(await latestCommands(2)).toEqual([
      ['valveClose', 'sending'],
      ['valveClose', 'success'],
    ]);
    await answer('success');
  });

  it('shows why an unfreeze’s valve open failed in the account’s history, and retries it there', async () => {
    const account = (await api('GET', `/business/customer/${customerId}`)).data;
    const unfrozen = await api('PUT', '/business/customer/unfreeze', {
      customerId,
      version: account.version,
    });
    expect(unfrozen.data.status).toBe('active');
    await answer('fail', 'Valve stuck');

    await page.goto(`${bed.url}/customer/account?accountNo=${ACCOUNT}`);
    await eventually(phase).toBe('failed');
    await page.getByRole('button', { name: `Details of ${ACCOUNT}` }).click();
    const history = page.getByTestId('customer-history');
    const unfreeze = history.locator('[data-event="CustomerUnfrozen"]');
    const close = history.locator('[data-event="CustomerFrozen"]');
    await eventually(() => unfreeze.getByTestId('valve-failure').textContent()).toBe(
      'The gateway answered: Valve stuck',
    );
    expect(await unfreeze.getByTestId('valve-command').textContent()).toBe('Open · Fail');
    // The freeze's close failed too, but was sent again since: its reason stays, without a retry.
    expect(await close.getByTestId('valve-failure').textContent()).toBe(
      'The gateway answered: Valve motor jammed',
    );
    expect(await close.getByRole('button').count()).toBe(0);
    await page.screenshot({ path: `${outputDir}/valves-history-failed.png` });

    await unfreeze.getByRole('button', { name: `Retry the command to meter ${METER_NO}` }).click();
    const detail = page.getByTestId('customer-detail');
    await eventually(() => detail.getByTestId(`valve-${METER_NO}`).getAttribute('data-phase')).toBe(
      'commanding',
    );
    await eventually(() => unfreeze.getByRole('button').count()).toBe(0);
    expect(await unfreeze.getByTestId('valve-failure').textContent()).toBe(
      'The gateway answered: Valve stuck',
    );
    expect(await latestCommands(2)).toEqual([
      ['valveOpen', 'sending'],
      ['valveOpen', 'fail'],
    ]);
    await page.keyboard.press('Escape');
  });

  it('refreshes the meter’s history after a retry: the command is on its way, and no second retry is offered', async () => {
    await answer('fail', 'Valve stuck');
    await page.goto(`${bed.url}/report/history?meterNo=${METER_NO}`);
    const header = page.getByTestId('history-meter');
    const headerPhase = () => header.getByTestId(`valve-${METER_NO}`).getAttribute('data-phase');
    await eventually(headerPhase).toBe('failed');
    await header.getByRole('button', { name: `Retry the command to meter ${METER_NO}` }).click();
    await eventually(headerPhase).toBe('commanding');
    expect(await header.getByRole('button').count()).toBe(0);
    expect(await header.getByTestId('valve-reported').textContent()).toMatch(
      /^Last report: Closed \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    await page.getByRole('tab', { name: 'Commands' }).click();
    await eventually(() => page.getByTestId('history-command-status').first().textContent()).toBe('Sending');

    // Followed until the gateway answers.
    await answer('success');
    await eventually(headerPhase).toBe('awaitingReport');
  });
});
