import { meterCommandDecider } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { getMeterCommand, withTenant } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAll } from '../src/commands.ts';
import { failedValveNotice } from '../src/ingest/failed-valve-notice.ts';
import type { Services } from '../src/services.ts';
import { addGateway, type injectAs, signInTenantUsers, startApi } from './support.ts';

const EN = { 'content-language': 'en' };
const METER_NO = '3900001';
const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';

/**
 * Wherever a valve is shown, the latest valve command is beside what the meter last reported; a failed valve
 * command says why and raises a published notice for the tenant's staff, in the same append as the failure.
 */
describe.each(testEngines())('valve state and failed valve commands on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let gatewayHeaders: Record<string, string>;
  let meterId: string;
  let customerId: string;

  const report = async (valve: 'open' | 'closed', ts: Date) => {
    const upload = await app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { ...gatewayHeaders, 'content-type': 'application/json' },
      payload: {
        batchId: uuidv7(),
        readings: [{ meterNo: METER_NO, ts: ts.toISOString(), total: 1, valve }],
      },
    });
    expect(upload.json()).toMatchObject({ accepted: 1 });
    await services.runner.catchUp('readings');
  };
  const close = async () => {
    const issued = await admin({
      method: 'POST',
      url: '/prod-api/business/valve/close',
      payload: { meterIds: [meterId] },
    });
    return issued.json().data.commandIds[0] as string;
  };
  const take = async () =>
    (await app.inject({ url: '/ingest/v1/commands?wait=0', headers: gatewayHeaders })).json().commands;
  const ack = (commandId: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/ingest/v1/commands/${commandId}/ack`,
      headers: { ...gatewayHeaders, 'content-type': 'application/json' },
      payload,
    });
  /** The meter's valve and latest command in the meter list, the valve list, the account and the history. */
  const everywhere = async () => {
    const meter = (await admin(`/prod-api/business/meter/list?meterNo=${METER_NO}`)).json().rows[0];
    const valveRow = (await admin(`/prod-api/business/valve/meters?meterNo=${METER_NO}`)).json().rows[0];
    const account = (await admin(`/prod-api/business/customer/${customerId}`)).json().data;
    const day = new Date().toISOString().slice(0, 10);
    const history = (
      await admin(`/prod-api/report/history/meter?meterNo=${METER_NO}&from=${day}&to=${day}`)
    ).json().data;
    return { meter, valveRow, account, history };
  };
  const notices = async (as = admin) =>
    (await as({ url: '/prod-api/system/notice/center/list?pageSize=50', headers: EN })).json().rows as {
      noticeTitle: string;
      noticeContent: string;
    }[];

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    ({ admin, viewer, trial } = await signInTenantUsers(app));
    gatewayHeaders = { authorization: `Bearer ${await addGateway(admin, 'Valve state gateway')}` };
    const type = await admin({
      method: 'POST',
      url: '/prod-api/business/meterType',
      payload: {
        name: 'Valve state DN15',
        billingMode: 'prepaid',
        valveControl: true,
        communication: 'nbiot',
        cardKind: 'ic',
        reportIntervalMinutes: 60,
      },
    });
    const meter = await admin({
      method: 'POST',
      url: '/prod-api/business/meter',
      payload: { meterNo: METER_NO, meterTypeId: type.json().data.meterTypeId },
    });
    meterId = meter.json().data.meterId;
    const customerType = await admin({
      method: 'POST',
      url: '/prod-api/business/customerType',
      payload: { name: 'Valve state households' },
    });
    const opened = await admin({
      method: 'POST',
      url: '/prod-api/business/customer',
      headers: EN,
      payload: {
        accountNo: 'V0001',
        name: 'Li Lei',
        phone: '13800000077',
        customerTypeId: customerType.json().data.customerTypeId,
        meterId,
      },
    });
    customerId = opened.json().data.customerId;
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('shows the command beside the reported valve until the meter confirms it', async () => {
    await report('open', new Date(Date.now() - 10 * 60_000));
    const commandId = await close();
    let seen = await everywhere();
    const sending = { commandId, meterId, kind: 'valveClose', status: 'sending', failure: null };
    expect(seen.meter).toMatchObject({ valve: 'open', valveCommand: sending });
    expect(seen.valveRow).toMatchObject({ valve: 'open', valveCommand: sending });
    expect(seen.account).toMatchObject({ valve: 'open', lastValveCommand: sending });
    expect(seen.account.lastReportAt).toBe(seen.meter.lastReportAt);
    expect(seen.history).toMatchObject({ meter: { valve: 'open' }, valveCommand: sending });

    const [taken] = await take();
    expect((await ack(taken.commandId, { status: 'success' })).statusCode).toBeLessThan(300);
    seen = await everywhere();
    // The gateway says it is done; the meter still last reported open (before the command).
    expect(seen.meter).toMatchObject({ valve: 'open', valveCommand: { commandId, status: 'success' } });
    expect(Date.parse(seen.meter.lastReportAt)).toBeLessThan(Date.parse(seen.meter.valveCommand.issuedAt));
    await report('closed', new Date());
    seen = await everywhere();
    expect(seen.account).toMatchObject({
      valve: 'closed',
      lastValveCommand: { commandId, status: 'success' },
    });
    expect(Date.parse(seen.account.lastReportAt)).toBeGreaterThanOrEqual(
      Date.parse(seen.account.lastValveCommand.issuedAt),
    );
    // Nothing failed: no notice.
    expect((await notices()).filter((n) => n.noticeTitle.includes(METER_NO))).toEqual([]);
  });

  it("tells why a command failed, by the gateway's answer or by a timeout, and raises a notice each time", async () => {
    const refused = await close();
    const [taken] = await take();
    expect(taken.commandId).toBe(refused);
    await ack(refused, { status: 'fail', detail: 'motor jammed' });
    expect((await everywhere()).account.lastValveCommand).toMatchObject({
      commandId: refused,
      status: 'fail',
      failure: 'gatewayFail',
      detail: 'motor jammed',
    });
    const [first] = await notices();
    expect(first).toMatchObject({ noticeTitle: `Valve close failed: meter ${METER_NO}` });
    expect(first!.noticeContent).toContain('The gateway answered: motor jammed');
    expect(first!.noticeContent).toContain('Account V0001 (Li Lei) is on this meter.');
    expect(first!.noticeContent).toContain('the meter last reported its valve Closed');

    // Taken by the gateway and never answered.
    const unanswered = await close();
    await take();
    expect(await app.commandDispatch.sweep(new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect((await everywhere()).meter.valveCommand).toMatchObject({
      commandId: unanswered,
      status: 'fail',
      failure: 'noAck',
    });
    expect((await notices())[0]!.noticeContent).toContain(
      'The gateway took it but gave no answer within 120 s',
    );

    // Never collected: the meter's gateway is silent.
    const uncollected = await close();
    expect(await app.commandDispatch.sweep(new Date(Date.now() + 61 * 60_000))).toBe(1);
    expect((await everywhere()).valveRow.valveCommand).toMatchObject({
      commandId: uncollected,
      status: 'fail',
      failure: 'notPickedUp',
    });
    const all = await notices();
    expect(all[0]!.noticeContent).toContain('No gateway collected it within 60 minutes');
    expect(all.filter((n) => n.noticeTitle === `Valve close failed: meter ${METER_NO}`)).toHaveLength(3);
    // Every staff user of the tenant reads them; another tenant does not.
    expect((await notices(viewer)).filter((n) => n.noticeTitle.includes(METER_NO))).toHaveLength(3);
    expect((await notices(trial)).filter((n) => n.noticeTitle.includes(METER_NO))).toEqual([]);
  });

  it('lists why each command of a meter failed in its command records', async () => {
    const records = (await admin(`/prod-api/business/valve/list?meterId=${meterId}`)).json().rows;
    expect(records.map((r: { status: string; failure: string | null }) => [r.status, r.failure])).toEqual([
      ['fail', 'notPickedUp'],
      ['fail', 'noAck'],
      ['fail', 'gatewayFail'],
      ['success', null],
    ]);
  });

  it('appends a failed command’s notice only with its failure: none for a time-out not yet due', async () => {
    const pending = await close();
    const before = await notices();
    const command = await withTenant(services.db, DEMO_TENANT, (sql) => getMeterCommand(sql, pending));
    const at = new Date().toISOString();
    const [timedOut, notice] = await executeAll(
      services.store,
      [
        { decider: meterCommandDecider, id: pending, command: { type: 'TimeOutMeterCommand', at } },
        { ...(await failedValveNotice(services, command!, 'notPickedUp', null, at)), consequenceOf: 0 },
      ],
      { metadata: { tenantId: DEMO_TENANT, correlationId: uuidv7() } },
    );
    expect(timedOut).toEqual([]);
    expect(notice).toEqual([]);
    expect(await notices()).toEqual(before);
  });
});
