import { meterAlarmDecider, meterAlarmStreamId } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../src/commands.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, multipartFile, startApi, TINY_PNG } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const EN = { 'content-language': 'en' };
const FR = { 'content-language': 'fr' };
type As = ReturnType<typeof injectAs>;

describe.each(testEngines())('work orders on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: As;
  let operator: As;
  let viewer: As;
  let trial: As;
  let operatorId: string;
  let trialAdminId: string;

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const userIdOf = async (as: As) => (await as('/prod-api/system/user/getInfo')).json().user.userId as string;
  const send = (as: As, method: 'POST' | 'PUT', url: string, payload: object, headers = EN) =>
    as({ method, url: `/prod-api/workOrder/${url}`, payload, headers });
  const create = (payload: object, as = admin, headers = EN) =>
    send(as, 'POST', 'maintenance', payload, headers);

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    operator = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    operatorId = await userIdOf(operator);
    trialAdminId = await userIdOf(trial);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('is created, assigned, started, commented, photographed and completed by its assignee, every change in its history', async () => {
    const created = await create({
      title: 'Replace the valve',
      description: 'Leaks at the joint',
      dueDate: '2099-12-31',
    });
    expect(created.json()).toMatchObject({
      code: 200,
      data: { workOrderType: 0, status: 'pending', assigneeId: null, overdue: false, dueDate: '2099-12-31' },
    });
    const { workOrderId } = created.json().data;
    const list = (await admin('/prod-api/workOrder/maintenance/list?title=valve')).json();
    expect(list).toMatchObject({ code: 200, total: 1, rows: [{ workOrderId, title: 'Replace the valve' }] });
    const exported = await send(admin, 'POST', 'maintenance/export', { title: 'valve' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([sheet.getRow(1).getCell(1).value, sheet.getRow(2).getCell(1).value]).toEqual([
      'Title',
      'Replace the valve',
    ]);
    expect((await admin('/prod-api/workOrder/reading/list')).json().rows).not.toContainEqual(
      expect.objectContaining({ workOrderId }),
    );
    // A maintenance order is not one of the reading page.
    expect((await admin(`/prod-api/workOrder/reading/${workOrderId}`)).json().key).toBe(
      'error.workOrder.notFound',
    );

    const assignees = (await admin('/prod-api/workOrder/maintenance/assignees')).json().data;
    expect(assignees).toContainEqual(expect.objectContaining({ userId: operatorId }));
    const assigned = await send(admin, 'PUT', 'maintenance/assign', { workOrderId, assigneeId: operatorId });
    expect(assigned.json().data).toMatchObject({ assigneeId: operatorId, assigneeName: expect.any(String) });

    // The assignee finds it among their own orders and works it from there.
    const mine = (await operator('/prod-api/workOrder/mine/list')).json();
    expect(mine.rows).toContainEqual(expect.objectContaining({ workOrderId, status: 'pending' }));
    expect((await send(operator, 'PUT', 'mine/start', { workOrderId })).json().data.status).toBe(
      'processing',
    );
    await send(operator, 'POST', 'mine/comment', { workOrderId, content: 'Parts ordered' });
    const photo = multipartFile('valve.png', TINY_PNG, 'image/png');
    const attached = await operator({
      method: 'POST',
      url: `/prod-api/workOrder/mine/${workOrderId}/attachment`,
      ...photo,
    });
    const { url } = attached.json().data;
    expect(url).toMatch(/^\/uploads\/workOrder\/[\w-]+\.png$/);
    // The photo is served to users of the tenant only.
    expect((await operator(url)).statusCode).toBe(200);
    expect((await trial(url)).statusCode).toBe(404);
    const notImage = multipartFile('notes.png', Buffer.from('<html></html>'), 'image/png');
    expect(
      (
        await operator({
          method: 'POST',
          url: `/prod-api/workOrder/mine/${workOrderId}/attachment`,
          ...notImage,
        })
      ).json().key,
    ).toBe('error.upload.type');

    const done = await send(operator, 'PUT', 'mine/complete', { workOrderId, remark: 'Valve replaced' });
    expect(done.json().data).toMatchObject({
      status: 'completed',
      remark: 'Valve replaced',
      attachments: [url],
    });
    expect(done.json().data.history.map((h: { kind: string }) => h.kind)).toEqual([
      'created',
      'assigned',
      'started',
      'commented',
      'attached',
      'completed',
    ]);
    // A completed order no longer changes, in the user's language.
    const again = await send(admin, 'PUT', 'maintenance/cancel', { workOrderId, reason: 'Too late' }, FR);
    expect(again.json()).toMatchObject({
      code: 500,
      msg: "L'ordre de travail est terminé ou annulé : il ne change plus",
    });
  });

  it('lets only the assignee act from "my work orders", and only holders of a permission elsewhere', async () => {
    const { workOrderId } = (
      await send(admin, 'POST', 'reading', { title: 'Read block 7', assigneeId: operatorId })
    ).json().data;
    // The administrator is not its assignee: it is not among theirs.
    expect((await send(admin, 'PUT', 'mine/start', { workOrderId })).json().key).toBe(
      'error.workOrder.notFound',
    );
    // A read-only user sees the orders but changes none.
    expect((await viewer(`/prod-api/workOrder/reading/${workOrderId}`)).json().code).toBe(200);
    const before = await eventCount();
    for (const [method, url, payload] of [
      ['POST', 'reading', { title: 'Sneaky' }],
      ['PUT', 'reading/start', { workOrderId }],
      ['PUT', 'reading/cancel', { workOrderId, reason: 'No' }],
      ['PUT', 'mine/start', { workOrderId }],
    ] as const)
      expect((await send(viewer, method, url, payload)).statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
    // A dispatcher holding the process permission may start it for the assignee.
    expect((await send(admin, 'PUT', 'reading/start', { workOrderId })).json().data.status).toBe(
      'processing',
    );
    expect(
      (await send(admin, 'PUT', 'reading/cancel', { workOrderId, reason: 'Meter replaced' })).json().data,
    ).toMatchObject({ status: 'cancelled', remark: 'Meter replaced' });
  });

  it('is for a meter of the tenant by its number, changed while open', async () => {
    const metadata = {
      tenantId: '00000000-0000-7000-8000-000000000002',
      userId: 'seed',
      correlationId: uuidv7(),
    };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Work order meters',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [meterId] = await registerMeters(services.store, metadata, [{ meterNo: '770001', meterTypeId }]);
    const created = (
      await send(admin, 'POST', 'reading', { title: 'Read by hand', meterNo: '770001' })
    ).json().data;
    expect(created).toMatchObject({ meterId, meterNo: '770001' });
    const changed = await send(admin, 'PUT', 'reading', {
      workOrderId: created.workOrderId,
      version: created.version,
      title: 'Read by hand, gate code 1234',
      description: '',
    });
    expect(changed.json().data).toMatchObject({ title: 'Read by hand, gate code 1234', meterId: null });
    expect(changed.json().data.history.map((h: { kind: string }) => h.kind)).toEqual(['created', 'updated']);
    // A change on a version the form no longer shows is refused.
    const stale = await send(admin, 'PUT', 'reading', {
      workOrderId: created.workOrderId,
      version: created.version,
      title: 'Read by hand again',
    });
    expect(stale.json()).toMatchObject({ code: 500, key: 'error.staleVersion' });
  });

  it('is made from open alarms of one meter, which it processes when completed', async () => {
    const metadata = { tenantId: DEMO_TENANT, userId: 'seed', correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Alarmed meters',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [leaking, other] = await registerMeters(services.store, metadata, [
      { meterNo: '770101', meterTypeId },
      { meterNo: '770102', meterTypeId },
    ]);
    const raise = async (meterId: string, kind: string) => {
      const alarmId = uuidv7();
      const alarm = { meterId, kind, day: '2026-11-20' };
      await execute(
        services.store,
        meterAlarmDecider,
        meterAlarmStreamId(alarm),
        [
          {
            type: 'RaiseMeterAlarm',
            alarmId,
            ...alarm,
            level: 'high',
            value: null,
            threshold: null,
            source: 'detected',
            notifyRoles: [],
            raisedAt: new Date().toISOString(),
          },
        ],
        { metadata },
      );
      return alarmId;
    };
    const leak = await raise(leaking!, '5');
    const tamper = await raise(leaking!, '2');
    const elsewhere = await raise(other!, '5');
    const statusOf = async (alarmId: string) =>
      (await admin(`/prod-api/report/alarm/processed/${alarmId}`)).json().data.status;

    const mixed = await create({ title: 'Two meters', alarmIds: [leak, elsewhere] }, admin, FR);
    expect(mixed.json()).toMatchObject({ code: 500, key: 'error.workOrder.alarmsSameMeter' });
    expect(await statusOf(leak)).toBe(0);

    const order = (
      await create({ title: 'Leak at 770101', alarmIds: [leak, tamper], assigneeId: operatorId })
    ).json().data;
    expect(order).toMatchObject({ meterId: leaking, meterNo: '770101' });
    expect([await statusOf(leak), await statusOf(tamper)]).toEqual([1, 1]);
    // Staff may still close an alarm themselves while the order is open.
    const ignored = await admin({ method: 'PUT', url: `/prod-api/report/alarm/processed/ignore/${tamper}` });
    expect(ignored.json().code).toBe(200);
    await send(operator, 'PUT', 'mine/start', { workOrderId: order.workOrderId });
    const done = await send(operator, 'PUT', 'mine/complete', {
      workOrderId: order.workOrderId,
      remark: 'Joint sealed',
    });
    expect(done.json().data.status).toBe('completed');
    const processed = (await admin(`/prod-api/report/alarm/processed/${leak}`)).json().data;
    expect(processed).toMatchObject({ status: 2, remark: 'Joint sealed' });
    expect(await statusOf(tamper)).toBe(3);
    expect(await statusOf(elsewhere)).toBe(0);
  });

  it('keeps each tenant to its own orders and staff', async () => {
    const { workOrderId } = (await create({ title: 'Check the pressure' })).json().data;
    expect((await trial(`/prod-api/workOrder/maintenance/${workOrderId}`)).json().key).toBe(
      'error.workOrder.notFound',
    );
    expect((await trial('/prod-api/workOrder/maintenance/list')).json().rows).toEqual([]);
    const before = await eventCount();
    const taken = await send(trial, 'PUT', 'maintenance/assign', { workOrderId, assigneeId: trialAdminId });
    expect(taken.json().key).toBe('error.workOrder.notFound');
    // Another tenant's user is no assignee, nor is another tenant's meter the order's meter.
    const stranger = await send(admin, 'PUT', 'maintenance/assign', {
      workOrderId,
      assigneeId: trialAdminId,
    });
    expect(stranger.json().key).toBe('error.workOrder.assigneeUnknown');
    expect((await create({ title: 'Elsewhere', meterNo: '99999999999' })).json().key).toBe(
      'error.workOrder.meterUnknown',
    );
    expect(await eventCount()).toBe(before);
  });

  it('refuses bad input with field errors in the user language, and alarms it cannot find, writing nothing', async () => {
    const before = await eventCount();
    const res = await create({ title: '', description: 'x'.repeat(501), dueDate: '2026-13-01' }, admin, FR);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title' }),
        { field: 'description', message: 'La description compte au plus 500 caractères' },
        expect.objectContaining({ field: 'dueDate' }),
      ]),
    );
    expect((await create({ title: 'Late', dueDate: '2020-01-01' })).json().key).toBe(
      'error.workOrder.dueDatePast',
    );
    // The selected alarms must exist and be for one meter (the rule's cases are the decider's specs).
    const fromAlarms = await create({ title: 'From alarms', alarmIds: [uuidv7(), uuidv7()] });
    expect(fromAlarms.json()).toMatchObject({ key: 'error.workOrder.alarmNotFound' });
    expect(await eventCount()).toBe(before);
  });
});
