import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { browserSession, launchChromium, outputDir, startService } from './support.ts';

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
  let service: Awaited<ReturnType<typeof startService>>;
  let browser: Browser;
  let page: Page;
  let headers: Record<string, string>;
  let gatewayHeaders: Record<string, string>;
  let customerId: string;
  const { newPage, signIn } = browserSession(() => ({ url: service.url, browser }), {
    width: 1440,
    height: 900,
  });

  const api = async (method: string, path: string, body?: object) =>
    (
      await fetch(`${service.url}/prod-api${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    ).json();
  const report = async (valve: 'open' | 'closed', ts: Date) => {
    const uploaded = await fetch(`${service.url}/ingest/v1/readings`, {
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
      await fetch(`${service.url}/ingest/v1/commands?wait=5`, { headers: gatewayHeaders })
    ).json();
    expect(commands.map((c: { meterNo: string }) => c.meterNo)).toEqual([METER_NO]);
    const ack = await fetch(`${service.url}/ingest/v1/commands/${commands[0].commandId}/ack`, {
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

  beforeAll(async () => {
    service = await startService({ HYDROLOG_SEED_CAPTCHA: 'false' });
    browser = await launchChromium();
    headers = await apiLogin(service.url, 'demo_admin', 'Demo1234');
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
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
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

    await answer('success');
    // The gateway has done it; the meter has not reported since: not "Open", not yet "Closed".
    await eventually(phase).toBe('awaitingReport');
    const awaiting = await text();
    expect(awaiting).toContain('Commanded closed');
    expect(awaiting).toContain("Awaiting the meter's report");
    expect(await page.getByTestId(`command-${METER_NO}`).textContent()).toBe('Close · Success');
    await page.screenshot({ path: `${outputDir}/valves-awaiting-report.png` });

    await page.goto(`${service.url}/meter/list?meterNo=${METER_NO}`);
    await eventually(phase).toBe('awaitingReport');
    expect(await text()).toContain('Commanded closed');

    await page.goto(`${service.url}/customer/account?accountNo=${ACCOUNT}`);
    await eventually(phase).toBe('awaitingReport');
    await page.getByRole('button', { name: `Details of ${ACCOUNT}` }).click();
    const detail = page.getByTestId('customer-detail');
    await eventually(() => detail.getByTestId(`valve-${METER_NO}`).getAttribute('data-phase')).toBe(
      'awaitingReport',
    );
    await page.keyboard.press('Escape');

    await report('closed', new Date());
    await page.goto(`${service.url}/report/history?meterNo=${METER_NO}`);
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

    await page.goto(`${service.url}/customer/account?accountNo=${ACCOUNT}`);
    await eventually(phase).toBe('failed');
    const failed = await text();
    expect(failed).toContain('Close failed');
    expect(failed).toContain('The gateway answered: Valve motor jammed');
    await page.screenshot({ path: `${outputDir}/valves-failed.png` });

    await page.getByRole('button', { name: `Retry the command to meter ${METER_NO}` }).click();
    await eventually(phase).toBe('commanding');
    const commands = (await api('GET', `/business/valve/list?meterNo=${METER_NO}`)).rows;
    expect(commands.slice(0, 2).map((c: { kind: string; status: string }) => [c.kind, c.status])).toEqual([
      ['valveClose', 'sending'],
      ['valveClose', 'fail'],
    ]);

    await page.goto(`${service.url}/message/noticeCenter`);
    const notice = page.getByRole('button', { name: `Valve close failed: meter ${METER_NO}` });
    await eventually(() => notice.count()).toBe(1);
    await notice.click();
    const content = await page.getByTestId('notice-content').innerText();
    expect(content).toContain('The gateway answered: Valve motor jammed');
    expect(content).toContain(`Account ${ACCOUNT} (Chen Jing) is on this meter.`);
  });
});
