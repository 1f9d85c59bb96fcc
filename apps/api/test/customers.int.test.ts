import { readFileSync } from 'node:fs';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeAll } from '../src/commands.ts';
import { accountFollowsReplacement } from '../src/customers/index.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, multipartFile, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
const EN = { 'content-language': 'en' };

/** A meter type of a tenant and meters of it; answers the type id and the meter ids by number. */
async function meters(services: Services, tenantId: string, meterNos: string[], valveControl = true) {
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: `Household ${uuidv7().slice(-8)}`,
    billingMode: 'prepaid',
    valveControl,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 60,
  });
  const ids = await registerMeters(
    services.store,
    metadata,
    meterNos.map((meterNo) => ({ meterNo, meterTypeId })),
  );
  return { meterTypeId, ids: new Map(meterNos.map((no, i) => [no, ids[i]!])) };
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('customers');
  sheet.addRow([
    'accountNo',
    'name',
    'phone',
    'idType',
    'idNumber',
    'address',
    'meterNo',
    'payChannel',
    'remarks',
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(testEngines())('customers on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let valveMeters: Map<string, string>;
  let plainMeters: Map<string, string>;
  let valveTypeId: string;
  let trialMeterId: string;
  let residential: string;

  /** Events that change something (the operation log records refused commands too). */
  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const open = (payload: object, as = admin) =>
    as({ method: 'POST', url: '/prod-api/business/customer', payload, headers: EN });
  const act = (action: string, payload: object, as = admin) =>
    as({ method: 'PUT', url: `/prod-api/business/customer/${action}`, payload, headers: EN });
  const money = (action: 'recharge' | 'refund', payload: object, as = admin) =>
    as({ method: 'POST', url: `/prod-api/business/customer/${action}`, payload, headers: EN });
  const holder = { name: 'Wang Fang', phone: '13800000009' };

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const valve = await meters(services, DEMO_TENANT, ['5001', '5002', '5003', '5004', '5005', '5006']);
    valveMeters = valve.ids;
    valveTypeId = valve.meterTypeId;
    plainMeters = (await meters(services, DEMO_TENANT, ['6001', '6002'], false)).ids;
    trialMeterId = (await meters(services, TRIAL_TENANT, ['7001'])).ids.get('7001')!;
    const created = await admin({
      method: 'POST',
      url: '/prod-api/business/customerType',
      payload: { name: 'Residential' },
    });
    residential = created.json().data.customerTypeId;
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  describe('customer types', () => {
    it('creates, lists, renames and deletes; names are under 50 characters and unique', async () => {
      const create = (name: string) =>
        admin({ method: 'POST', url: '/prod-api/business/customerType', payload: { name }, headers: EN });
      const res = await create('Commercial');
      expect(res.json()).toMatchObject({
        code: 200,
        data: { name: 'Commercial', customerCount: 0, version: 0 },
      });
      const { customerTypeId } = res.json().data;
      expect((await create('commercial')).json()).toMatchObject({
        code: 500,
        msg: 'A customer type with this name already exists',
      });
      const long = await create('x'.repeat(50));
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual([{ field: 'name', message: 'At most 49 characters' }]);
      expect((await create('x'.repeat(49))).json().code).toBe(200);
      const list = (await admin('/prod-api/business/customerType/list?name=comm')).json();
      expect(list).toMatchObject({ total: 1, rows: [{ name: 'Commercial' }] });

      const rename = (version: number) =>
        admin({
          method: 'PUT',
          url: '/prod-api/business/customerType',
          payload: { customerTypeId, version, name: 'Shops' },
          headers: EN,
        });
      expect((await rename(0)).json()).toMatchObject({ code: 200, data: { name: 'Shops', version: 1 } });
      expect((await rename(0)).json().key).toBe('error.staleVersion');
      expect(
        (await admin({ method: 'DELETE', url: `/prod-api/business/customerType/${customerTypeId}` })).json()
          .code,
      ).toBe(200);
      expect((await admin(`/prod-api/business/customerType/${customerTypeId}`)).json().key).toBe(
        'error.customerType.notFound',
      );
    });

    it('refuses a role without the permission and the ids of another tenant', async () => {
      const res = await viewer({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'V' },
      });
      expect(res.statusCode).toBe(403);
      expect((await viewer('/prod-api/business/customerType/list')).json().total).toBeGreaterThan(0);
      const before = await eventCount();
      expect((await trial(`/prod-api/business/customerType/${residential}`)).json().key).toBe(
        'error.customerType.notFound',
      );
      const rename = await trial({
        method: 'PUT',
        url: '/prod-api/business/customerType',
        payload: { customerTypeId: residential, version: 0, name: 'Mine' },
      });
      expect(rename.json().key).toBe('error.customerType.notFound');
      expect(
        (await trial({ method: 'DELETE', url: `/prod-api/business/customerType/${residential}` })).json().key,
      ).toBe('error.customerType.notFound');
      expect((await trial('/prod-api/business/customerType/list')).json().total).toBe(0);
      expect(await eventCount()).toBe(before);
    });
  });

  describe('accounts', () => {
    it('opens an account with every field, unique account number, and refuses bad bodies', async () => {
      const res = await open({
        accountNo: 'A0001',
        ...holder,
        idType: '1',
        idNumber: '330100199001011234',
        address: 'Hangzhou, West Lake 1',
        nature: '1',
        companyName: 'West Lake Tea',
        creditCode: '91330100MA27XXXX0A',
        legalRepresentative: 'Zhang San',
        customerTypeId: residential,
        waterUse: 'commercial',
        businessMode: 'prepaid',
        payChannel: '2',
        purchaseLimit: 500,
        arrearsCloseThreshold: 20.5,
        balanceThreshold: 10,
        remarks: 'Corner shop',
        meterId: valveMeters.get('5001'),
      });
      expect(res.json()).toMatchObject({
        code: 200,
        data: {
          accountNo: 'A0001',
          name: 'Wang Fang',
          nature: '1',
          companyName: 'West Lake Tea',
          creditCode: '91330100MA27XXXX0A',
          meterNo: '5001',
          customerTypeName: 'Residential',
          payChannel: '2',
          arrearsCloseThreshold: 20.5,
          balance: 0,
          status: 'active',
          valveControl: true,
          lastValveCommand: null,
          version: 0,
        },
      });
      const again = await open({
        accountNo: 'A0001',
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5002'),
      });
      expect(again.json()).toMatchObject({ code: 500, msg: 'Account number already exists' });
      const sameMeter = await open({
        accountNo: 'A0099',
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5001'),
      });
      expect(sameMeter.json().key).toBe('error.customer.meterTaken');
      const noNumber = await open({
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5002'),
      });
      expect(noNumber.json().key).toBe('error.customer.accountNoRequired');
      const bad = await open({
        accountNo: 'A0002',
        name: 'W',
        phone: '123',
        idNumber: '12',
        remarks: 'r'.repeat(101),
        customerTypeId: residential,
        meterId: valveMeters.get('5002'),
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['idNumber', 'name', 'phone', 'remarks']);
      const list = (await admin('/prod-api/business/customer/list?accountNo=A000')).json();
      expect(list).toMatchObject({ total: 1, rows: [{ accountNo: 'A0001', meterNo: '5001' }] });
      const options = (await admin('/prod-api/business/customer/meterOptions?meterNo=500')).json().data;
      expect(options.map((m: { meterNo: string }) => m.meterNo)).toEqual([
        '5002',
        '5003',
        '5004',
        '5005',
        '5006',
      ]);
      // A meter on an account stays registered.
      const remove = await admin({
        method: 'DELETE',
        url: `/prod-api/business/meter/${valveMeters.get('5001')}`,
        headers: EN,
      });
      expect(remove.json()).toMatchObject({
        code: 500,
        msg: 'The meter is on a customer account and cannot be deleted',
      });
    });

    it('freezes with a valve close, refuses a second freeze and a stale version, unfreezes', async () => {
      const opened = await open({
        accountNo: 'F0001',
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5002'),
      });
      const { customerId } = opened.json().data;
      const frozen = await act('freeze', { customerId, version: 0 });
      expect(frozen.json()).toMatchObject({
        code: 200,
        data: { status: 'frozen', version: 1, lastValveCommand: { kind: 'valveClose', status: 'sending' } },
      });
      expect((await act('freeze', { customerId, version: 1 })).json().msg).toBe(
        'The account is already frozen',
      );
      expect((await act('unfreeze', { customerId, version: 0 })).json().key).toBe('error.staleVersion');
      const unfrozen = await act('unfreeze', { customerId, version: 1 });
      expect(unfrozen.json()).toMatchObject({
        data: { status: 'active', lastValveCommand: { kind: 'valveOpen', status: 'sending' } },
      });
      const commands = (await admin('/prod-api/business/valve/list?meterNo=5002')).json().rows;
      expect(commands.map((c: { kind: string }) => c.kind)).toEqual(['valveOpen', 'valveClose']);
      // A meter without a valve: the account freezes, no command is issued.
      const plain = await open({
        accountNo: 'F0002',
        ...holder,
        customerTypeId: residential,
        meterId: plainMeters.get('6001'),
      });
      const plainFrozen = await act('freeze', { customerId: plain.json().data.customerId, version: 0 });
      expect(plainFrozen.json().data).toMatchObject({ status: 'frozen', lastValveCommand: null });
    });

    it('recharges and refunds by account number; cancel is refused while a balance remains, then is final', async () => {
      const opened = await open({
        accountNo: 'C0001',
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5003'),
      });
      const { customerId } = opened.json().data;
      expect(
        (await money('recharge', { accountNo: 'C0001', amount: 12.345, payChannel: '3' })).statusCode,
      ).toBe(400);
      expect(
        (await money('recharge', { accountNo: 'C0001', amount: 0, payChannel: '3' })).json().errors,
      ).toEqual([{ field: 'amount', message: 'The recharge amount must be greater than zero' }]);
      expect((await money('recharge', { accountNo: 'NOPE', amount: 5, payChannel: '3' })).json().msg).toBe(
        'Account number not found',
      );
      await money('recharge', { accountNo: 'C0001', amount: 30.1, payChannel: '3' });
      const second = await money('recharge', { accountNo: 'C0001', amount: 0.2, payChannel: '0' });
      expect(second.json().data).toMatchObject({ balance: 30.3, version: 2 });
      const refused = await act('cancel', { customerId, version: 2 });
      expect(refused.json()).toMatchObject({
        code: 500,
        key: 'error.customer.balanceNotRefunded',
        msg: 'The balance has not been refunded: refund it first',
      });
      const refunded = await money('refund', { accountNo: 'C0001', payChannel: '3' });
      expect(refunded.json().data).toMatchObject({ balance: 0, version: 3 });
      expect((await money('refund', { accountNo: 'C0001', payChannel: '3' })).json().msg).toBe(
        'Account balance insufficient',
      );
      const cancelled = await act('cancel', { customerId, version: 3 });
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
      expect((await act('unfreeze', { customerId, version: 4 })).json().msg).toBe('Account closed');
      expect((await money('recharge', { accountNo: 'C0001', amount: 1, payChannel: '3' })).json().msg).toBe(
        'Account closed',
      );
      // The meter of a cancelled account can open a new one.
      const reopened = await open({
        accountNo: 'C0002',
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5003'),
      });
      expect(reopened.json().code).toBe(200);

      const history = (await admin(`/prod-api/business/customer/${customerId}/history`)).json().data;
      expect(history.map((h: { type: string }) => h.type)).toEqual([
        'CustomerCancelled',
        'AccountRefunded',
        'AccountRecharged',
        'AccountRecharged',
        'CustomerOpened',
      ]);
      expect(history[0]).toMatchObject({ operator: 'demo_admin' });
      expect(history[1].detail).toMatchObject({ amount: 30.3 });
    });

    it('transfers an account to a new holder and moves it to a replacement meter', async () => {
      const opened = await open({
        accountNo: 'T0001',
        ...holder,
        customerTypeId: residential,
        meterId: valveMeters.get('5004'),
      });
      const { customerId } = opened.json().data;
      const transferred = await act('transfer', {
        customerId,
        version: 0,
        name: 'Li Lei',
        phone: '13900000001',
        idNumber: '330100199001015678',
      });
      expect(transferred.json().data).toMatchObject({
        name: 'Li Lei',
        phone: '13900000001',
        accountNo: 'T0001',
      });
      const follows = await accountFollowsReplacement(
        services.db,
        DEMO_TENANT,
        valveMeters.get('5004')!,
        valveMeters.get('5005')!,
      );
      expect(follows?.id).toBe(customerId);
      await executeAll(services.store, [follows!], {
        metadata: { tenantId: DEMO_TENANT, correlationId: uuidv7() },
      });
      expect((await admin(`/prod-api/business/customer/${customerId}`)).json().data.meterNo).toBe('5005');
    });

    it('numbers accounts by the tenant setting and closes the valve at opening when the tenant asks so', async () => {
      const platform = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
      const tenant = (await platform(`/prod-api/system/tenant/${DEMO_TENANT}`)).json().data;
      const changed = await platform({
        method: 'PUT',
        url: '/prod-api/system/tenant',
        payload: {
          tenantId: DEMO_TENANT,
          version: tenant.version,
          settings: { ...tenant.settings, accountNoGenMode: 'sequence', openAccountCloseValve: true },
        },
      });
      expect(changed.json().code).toBe(200);
      const opened = await open({ ...holder, customerTypeId: residential, meterId: valveMeters.get('5006') });
      expect(opened.json().data).toMatchObject({
        accountNo: '00000001',
        lastValveCommand: { kind: 'valveClose', status: 'sending' },
      });
      const history = (
        await admin(`/prod-api/business/customer/${opened.json().data.customerId}/history`)
      ).json();
      expect(history.data[0].valveCommand).toMatchObject({ kind: 'valveClose', status: 'sending' });
      const restored = await platform({
        method: 'PUT',
        url: '/prod-api/system/tenant',
        payload: { tenantId: DEMO_TENANT, version: tenant.version + 1, settings: tenant.settings },
      });
      expect(restored.json().code).toBe(200);
    });

    it('refuses roles without the permission and never lets another tenant see or change an account', async () => {
      const target = (await admin('/prod-api/business/customer/list?accountNo=A0001')).json().rows[0];
      const { customerId } = target;
      expect((await act('freeze', { customerId, version: target.version }, viewer)).statusCode).toBe(403);
      expect(
        (await money('recharge', { accountNo: 'A0001', amount: 5, payChannel: '3' }, viewer)).statusCode,
      ).toBe(403);
      expect(
        (
          await open(
            { accountNo: 'V1', ...holder, customerTypeId: residential, meterId: valveMeters.get('5002') },
            viewer,
          )
        ).statusCode,
      ).toBe(403);
      expect((await viewer('/prod-api/business/customer/list')).json().total).toBeGreaterThan(0);

      const before = await eventCount();
      expect((await trial(`/prod-api/business/customer/${customerId}`)).json().key).toBe(
        'error.customer.notFound',
      );
      expect((await trial(`/prod-api/business/customer/${customerId}/history`)).json().key).toBe(
        'error.customer.notFound',
      );
      for (const action of ['freeze', 'unfreeze', 'cancel'])
        expect((await act(action, { customerId, version: target.version }, trial)).json().key).toBe(
          'error.customer.notFound',
        );
      expect(
        (await act('transfer', { customerId, version: target.version, ...holder }, trial)).json().key,
      ).toBe('error.customer.notFound');
      expect(
        (await money('recharge', { accountNo: 'A0001', amount: 5, payChannel: '3' }, trial)).json().key,
      ).toBe('error.customer.notFound');
      expect((await money('refund', { accountNo: 'A0001', payChannel: '3' }, trial)).json().key).toBe(
        'error.customer.notFound',
      );
      // Nor open an account on the demo tenant's meter or with its customer type.
      const typeRes = await trial({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'T' },
      });
      const trialType = typeRes.json().data.customerTypeId;
      expect(
        (
          await open(
            { accountNo: 'X1', ...holder, customerTypeId: trialType, meterId: valveMeters.get('5002') },
            trial,
          )
        ).json().key,
      ).toBe('error.meter.notFound');
      expect(
        (
          await open(
            { accountNo: 'X1', ...holder, customerTypeId: residential, meterId: trialMeterId },
            trial,
          )
        ).json().key,
      ).toBe('error.customerType.notFound');
      expect((await trial('/prod-api/business/customer/list')).json().total).toBe(0);
      expect(
        (await trial('/prod-api/business/customer/meterOptions'))
          .json()
          .data.map((m: { meterNo: string }) => m.meterNo),
      ).toEqual(['7001']);
      expect(await eventCount()).toBe(before + 1); // the trial tenant's own customer type only
    });

    it('exports the current filter as xlsx', async () => {
      const res = await admin({
        method: 'POST',
        url: '/prod-api/business/customer/export',
        payload: 'accountNo=A0001',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...EN },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(2).getCell(1).text).toBe('A0001');
      expect(sheet.getRow(2).getCell(7).text).toBe('Active');
    });
  });

  describe('batch open', () => {
    /** Sends a file to the batch opening of residential accounts on meters of `meterTypeId`. */
    const importFile = (meterTypeId: string, file: Buffer, fileName = 'customers.xlsx', type = XLSX_TYPE) => {
      const upload = multipartFile(fileName, file, type);
      return admin({
        method: 'POST',
        url: `/prod-api/business/customer/import?customerTypeId=${residential}&meterTypeId=${meterTypeId}`,
        payload: upload.payload,
        headers: { ...upload.headers, ...EN },
      });
    };

    it('opens the valid rows in one batch and reports every bad row with its number and reason', async () => {
      const { ids } = await meters(services, DEMO_TENANT, ['8001', '8002', '8003', '8004', '8005']);
      const batchType = (
        await services.db.query<{ meter_type_id: string }>(
          'SELECT meter_type_id::text FROM meters WHERE meter_no = $1',
          ['8001'],
        )
      ).rows[0]!.meter_type_id;
      expect(
        (
          await open({ accountNo: 'B0100', ...holder, customerTypeId: residential, meterId: ids.get('8005') })
        ).json().code,
      ).toBe(200);
      const file = await workbook([
        ['B0001', 'Zhao Yun', '13800000101', '0', '', 'Road 1', '8001', '3', ''],
        ['B0002', 'Z', '13800000102', '0', '', '', '8002', '3', ''],
        ['B0001', 'Ma Chao', '13800000103', '0', '', '', '8003', '3', ''],
        ['B0004', 'Huang Zhong', '13800000104', '0', '', '', '9999', '3', ''],
        ['B0005', 'Guan Yu', '13800000105', '0', '', '', '5002', '3', ''],
        ['B0100', 'Zhang Fei', '13800000106', '0', '', '', '8004', '3', ''],
        ['B0007', 'Liu Bei', '13800000107', '0', '', '', '8003', '2', ''],
        ['B0008', 'Zhu Rong', '13800000108', '0', '', '', '8005', '2', ''],
      ]);
      const before = await eventCount();
      const res = await importFile(batchType, file);
      expect(res.json(), res.body).toMatchObject({
        code: 200,
        data: {
          opened: 2,
          failed: [
            { row: 3, reason: 'Name: The name is 2 to 20 characters' },
            { row: 4, reason: 'Account number B0001 repeats row 2 of the file' },
            { row: 5, reason: 'Meter 9999 does not exist' },
            { row: 6, reason: "Meter 5002 is not of the batch's meter type" },
            { row: 7, reason: 'Account number B0100 already exists' },
            { row: 9, reason: 'Meter 8005 is already on an account' },
          ],
        },
      });
      expect(await eventCount()).toBe(before + 2); // the two valid accounts
      const opened = (await admin('/prod-api/business/customer/list?accountNo=B0')).json().rows;
      expect(
        opened.map((r: { accountNo: string; meterNo: string }) => `${r.accountNo}:${r.meterNo}`).sort(),
      ).toEqual(['B0001:8001', 'B0007:8003', 'B0100:8005']);
      expect(valveTypeId).not.toBe(batchType);
    });

    it('names the rows another opening overtook between the check and the save, opening none of the batch', async () => {
      const { meterTypeId: batchType, ids } = await meters(services, DEMO_TENANT, [
        '8201',
        '8202',
        '8203',
        '8204',
      ]);
      const file = await workbook([
        ['K0001', 'Zhao Yun', '13800000201', '0', '', '', '8201', '3', ''],
        ['K0002', 'Ma Chao', '13800000202', '0', '', '', '8202', '3', ''],
        ['K0003', 'Z', '13800000203', '0', '', '', '8204', '3', ''],
        ['K0004', 'Guan Yu', '13800000204', '0', '', '', '8203', '3', ''],
      ]);
      // Once the file is checked, just before its accounts are saved, another opening takes account
      // number K0002 (on meter 8204) and meter 8203 (for account K0099).
      const append = services.store.appendMany.bind(services.store);
      let overtaken = false;
      const spy = vi.spyOn(services.store, 'appendMany').mockImplementation(async (requests) => {
        const opening = requests.some((r) => r.events.some((e) => e.type === 'CustomerOpened'));
        if (opening && !overtaken) {
          overtaken = true;
          const other = { ...holder, customerTypeId: residential };
          expect((await open({ ...other, accountNo: 'K0002', meterId: ids.get('8204') })).json().code).toBe(
            200,
          );
          expect((await open({ ...other, accountNo: 'K0099', meterId: ids.get('8203') })).json().code).toBe(
            200,
          );
        }
        return append(requests);
      });
      const before = await eventCount();
      try {
        const res = await importFile(batchType, file);
        expect(overtaken).toBe(true);
        expect(res.json(), res.body).toEqual({
          code: 200,
          msg: expect.any(String),
          data: {
            opened: 0,
            failed: [
              { row: 3, reason: 'Account number K0002 already exists' },
              { row: 4, reason: 'Name: The name is 2 to 20 characters' },
              { row: 5, reason: 'Meter 8203 is already on an account' },
            ],
          },
        });
      } finally {
        spy.mockRestore();
      }
      // Only the other opening's two accounts: nothing of the file, not even its good row 2.
      expect(await eventCount()).toBe(before + 2);
      const listed = async () =>
        (await admin('/prod-api/business/customer/list?accountNo=K00'))
          .json()
          .rows.map((r: { accountNo: string; meterNo: string }) => `${r.accountNo}:${r.meterNo}`);
      expect((await listed()).sort()).toEqual(['K0002:8204', 'K0099:8203']);

      // The same file again: the check itself now refuses those rows with the same reasons, and row 2 opens.
      const again = await importFile(batchType, file);
      expect(again.json().data).toEqual({
        opened: 1,
        failed: [
          { row: 3, reason: 'Account number K0002 already exists' },
          { row: 4, reason: 'Name: The name is 2 to 20 characters' },
          { row: 5, reason: 'Meter 8203 is already on an account' },
        ],
      });
      expect((await listed()).sort()).toEqual(['K0001:8201', 'K0002:8204', 'K0099:8203']);
    });

    it('says what another opening took between the check and the save of one account', async () => {
      const { ids } = await meters(services, DEMO_TENANT, ['8301', '8302', '8303']);
      const other = { ...holder, customerTypeId: residential };
      /** Opens `account` while `meanwhile` is opened just before its save. */
      const overtakenBy = async (account: object, meanwhile: object) => {
        const append = services.store.appendMany.bind(services.store);
        const spy = vi.spyOn(services.store, 'appendMany').mockImplementationOnce(async (requests) => {
          expect((await open(meanwhile)).json().code).toBe(200);
          return append(requests);
        });
        try {
          return (await open(account)).json();
        } finally {
          spy.mockRestore();
        }
      };
      expect(
        await overtakenBy(
          { ...other, accountNo: 'E0001', meterId: ids.get('8301') },
          { ...other, accountNo: 'E0002', meterId: ids.get('8301') },
        ),
      ).toMatchObject({
        code: 500,
        key: 'error.customer.meterTaken',
        msg: 'This meter is already on an account',
      });
      expect(
        await overtakenBy(
          { ...other, accountNo: 'E0003', meterId: ids.get('8302') },
          { ...other, accountNo: 'E0003', meterId: ids.get('8303') },
        ),
      ).toMatchObject({ code: 500, key: 'error.customer.accountExists' });
      const listed = (await admin('/prod-api/business/customer/list?accountNo=E000')).json().rows;
      expect(
        listed.map((r: { accountNo: string; meterNo: string }) => `${r.accountNo}:${r.meterNo}`).sort(),
      ).toEqual(['E0002:8301', 'E0003:8303']);
    });

    it('tells a generated account number taken meanwhile from one the file gave', async () => {
      const platform = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
      const tenant = (await platform(`/prod-api/system/tenant/${DEMO_TENANT}`)).json().data;
      const settings = (version: number, accountNoGenMode: string) =>
        platform({
          method: 'PUT',
          url: '/prod-api/system/tenant',
          payload: { tenantId: DEMO_TENANT, version, settings: { ...tenant.settings, accountNoGenMode } },
        });
      expect((await settings(tenant.version, 'sequence')).json().code).toBe(200);
      const { meterTypeId: batchType, ids } = await meters(services, DEMO_TENANT, [
        '8401',
        '8402',
        '8403',
        '8404',
      ]);
      const other = { ...holder, customerTypeId: residential };
      // Before the save, another opening takes the number generated for the first account being opened.
      const append = services.store.appendMany.bind(services.store);
      const spy = vi.spyOn(services.store, 'appendMany');
      const overtake = (meterId: string | undefined) =>
        spy.mockImplementationOnce(async (requests) => {
          const generated = requests[0]!.events[0]!.data as { accountNo: string };
          expect((await open({ ...other, accountNo: generated.accountNo, meterId })).json().code).toBe(200);
          return append(requests);
        });
      try {
        overtake(ids.get('8403'));
        const file = await workbook([['', 'Zhao Yun', '13800000301', '0', '', '', '8401', '3', '']]);
        const res = await importFile(batchType, file);
        expect(res.json().data).toEqual({
          opened: 0,
          failed: [
            {
              row: 2,
              reason: expect.stringMatching(
                /^The account number \d{8} generated for this row was taken meanwhile by another opening: import the file again$/,
              ),
            },
          ],
        });

        overtake(ids.get('8404'));
        const single = await open({ ...other, meterId: ids.get('8402') });
        expect(single.json()).toMatchObject({
          code: 500,
          key: 'error.customer.openConflict',
          msg: 'Another opening took one of these account numbers or meters meanwhile: nothing was opened, please try again',
        });
        // Opened again, it gets a number of its own.
        expect((await open({ ...other, meterId: ids.get('8402') })).json().code).toBe(200);
      } finally {
        spy.mockRestore();
        expect((await settings(tenant.version + 1, tenant.settings.accountNoGenMode)).json().code).toBe(200);
      }
    });

    it('opens accounts from a legacy xls file and reports its bad row the same way', async () => {
      const { meterTypeId: batchType } = await meters(services, DEMO_TENANT, ['8101', '8102']);
      // fixtures/make-xls.py: X0001 on meter 8101, then a one-letter name on row 3.
      const file = readFileSync(new URL('fixtures/customers.xls', import.meta.url));
      const res = await importFile(batchType, file, 'customers.xls', 'application/vnd.ms-excel');
      expect(res.json(), res.body).toMatchObject({
        code: 200,
        data: { opened: 1, failed: [{ row: 3, reason: 'Name: The name is 2 to 20 characters' }] },
      });
      const opened = (await admin('/prod-api/business/customer/list?accountNo=X000')).json().rows;
      expect(opened).toMatchObject([{ accountNo: 'X0001', name: '赵云', meterNo: '8101' }]);
    });

    it('refuses a file that is not xls or xlsx, and serves the template', async () => {
      const res = await importFile(valveTypeId, Buffer.from('a,b\n1,2'), 'customers.csv', 'text/csv');
      expect(res.json()).toMatchObject({ code: 500, msg: 'Imports take xls or xlsx files only' });
      const template = await admin({
        method: 'POST',
        url: '/prod-api/business/customer/importTemplate',
        headers: EN,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.getRow(1).getCell(7).text).toBe('Meter no.');
      const denied = await viewer({ method: 'POST', url: '/prod-api/business/customer/importTemplate' });
      expect(denied.statusCode).toBe(403);
    });
  });

  describe('sorting', () => {
    /** The account numbers of the sort test's accounts, as a list call answers them. */
    const accountNos = async (query: string, as = admin) =>
      (await as(`/prod-api/business/customer/list?accountNo=SRT&${query}`))
        .json()
        .rows.map((r: { accountNo: string }) => r.accountNo);

    it('sorts by a listed column both ways, the export too, within the tenant; an unknown column is refused', async () => {
      const { ids } = await meters(services, DEMO_TENANT, ['9101', '9102', '9103']);
      // Names, balances and account numbers each give another order; names differ in case.
      const accounts = [
        { accountNo: 'SRT-1', name: 'Carol Chen', meterNo: '9101', amount: 30 },
        { accountNo: 'SRT-2', name: 'alice An', meterNo: '9102', amount: 10 },
        { accountNo: 'SRT-3', name: 'Bob Bai', meterNo: '9103', amount: 50 },
      ];
      for (const a of accounts) {
        const opened = await open({
          accountNo: a.accountNo,
          name: a.name,
          phone: holder.phone,
          customerTypeId: residential,
          meterId: ids.get(a.meterNo),
        });
        expect(opened.json().code).toBe(200);
        const paid = await money('recharge', { accountNo: a.accountNo, amount: a.amount, payChannel: '3' });
        expect(paid.json().code).toBe(200);
      }
      // The other tenant's account would come first by name and by account number.
      const trialMeter = (await meters(services, TRIAL_TENANT, ['9109'])).ids.get('9109');
      const trialType = await trial({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'Sorted' },
      });
      const trialOpened = await open(
        {
          accountNo: 'SRT-0',
          name: 'Aaron Ai',
          phone: holder.phone,
          customerTypeId: trialType.json().data.customerTypeId,
          meterId: trialMeter,
        },
        trial,
      );
      expect(trialOpened.json().code).toBe(200);

      expect(await accountNos('')).toEqual(['SRT-3', 'SRT-2', 'SRT-1']); // newest first, as before
      expect(await accountNos('orderByColumn=name&isAsc=ascending')).toEqual(['SRT-2', 'SRT-3', 'SRT-1']);
      expect(await accountNos('orderByColumn=name&isAsc=descending')).toEqual(['SRT-1', 'SRT-3', 'SRT-2']);
      expect(await accountNos('orderByColumn=balance')).toEqual(['SRT-2', 'SRT-1', 'SRT-3']);
      expect(await accountNos('orderByColumn=balance&isAsc=descending')).toEqual(['SRT-3', 'SRT-1', 'SRT-2']);
      expect(await accountNos('orderByColumn=accountNo&isAsc=ascending')).toEqual([
        'SRT-1',
        'SRT-2',
        'SRT-3',
      ]);
      expect(await accountNos('orderByColumn=name&isAsc=ascending', trial)).toEqual(['SRT-0']);

      const exported = await admin({
        method: 'POST',
        url: '/prod-api/business/customer/export',
        payload: 'accountNo=SRT&orderByColumn=name&isAsc=descending',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...EN },
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(1).text)).toEqual(['SRT-1', 'SRT-3', 'SRT-2']);
      expect(sheet.rowCount).toBe(4);

      const bad = await admin({
        url: '/prod-api/business/customer/list?orderByColumn=balance%20desc;%20drop%20table%20customers&isAsc=up',
        headers: EN,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        { field: 'orderByColumn', message: 'This list cannot be sorted by this column' },
        { field: 'isAsc', message: 'Invalid value' },
      ]);
      const unknown = await admin({ url: '/prod-api/business/customer/list?orderByColumn=customerId' });
      expect(unknown.statusCode).toBe(400);
      expect(await accountNos('orderByColumn=balance')).toEqual(['SRT-2', 'SRT-1', 'SRT-3']);
    });

    it('sorts customer types by their number of accounts', async () => {
      const unused = { name: 'Unused (sorting)' };
      await admin({ method: 'POST', url: '/prod-api/business/customerType', payload: unused });
      const counts = async (isAsc: string) =>
        (await admin(`/prod-api/business/customerType/list?orderByColumn=customerCount&isAsc=${isAsc}`))
          .json()
          .rows.map((r: { customerCount: number }) => r.customerCount);
      const ascending = await counts('ascending');
      expect(new Set(ascending).size).toBeGreaterThan(1);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(await counts('descending')).toEqual([...ascending].sort((a, b) => b - a));
      expect((await admin('/prod-api/business/customerType/list?orderByColumn=version')).statusCode).toBe(
        400,
      );
    });
  });

  it('rebuilds the customers read model from the log to equal rows (replay --verify)', async () => {
    expect((await services.runner.verify('customers')).equal).toBe(true);
  });
});
