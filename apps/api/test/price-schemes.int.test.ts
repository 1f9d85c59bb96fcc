import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const EN = { 'content-language': 'en' };
const FR = { 'content-language': 'fr' };

/** A yearly ladder billed monthly: 0-12 m³ at 2.00, 12-30 at 3.50, above at 5.00; 10% VAT. */
const ladder = {
  name: 'Domestic ladder',
  accumulationCycle: 12,
  billingCycle: 1,
  startTime: '2026-01-01',
  vatRate: 10,
  chargingModel: 'tiered',
  standingCharge: 0,
  steps: [
    { startVolume: 0, endVolume: 12, unitPrice: 2 },
    { startVolume: 12, endVolume: 30, unitPrice: 3.5 },
    { startVolume: 30, endVolume: -1, unitPrice: 5 },
  ],
};

describe.each(testEngines())('price schemes on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const create = (payload: object, as = admin, headers = EN) =>
    as({ method: 'POST', url: '/prod-api/business/priceScheme', payload, headers });
  const calculate = (payload: object, as = admin) =>
    as({ method: 'POST', url: '/prod-api/business/priceScheme/trial', payload, headers: EN });

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('creates a scheme, lists it, changes its prices from a date and deletes it', async () => {
    const created = await create(ladder);
    expect(created.json()).toMatchObject({
      code: 200,
      data: { ...ladder, effectiveFrom: '2026-01-01', accountCount: 0, updateTime: null },
    });
    const { priceSchemeId } = created.json().data;
    const list = (await admin('/prod-api/business/priceScheme/list?name=ladder&pageSize=10')).json();
    expect(list).toMatchObject({ code: 200, total: 1, rows: [{ priceSchemeId, name: 'Domestic ladder' }] });
    expect(
      (await admin('/prod-api/business/priceScheme/list?chargingModel=flat')).json().rows,
    ).not.toContainEqual(expect.objectContaining({ priceSchemeId }));
    expect((await admin('/prod-api/business/priceScheme/options')).json().data).toContainEqual({
      priceSchemeId,
      name: 'Domestic ladder',
    });

    const dearer = {
      ...ladder,
      priceSchemeId,
      effectiveFrom: '2027-03-16',
      steps: [{ startVolume: 0, endVolume: -1, unitPrice: 4.25 }],
    };
    const revised = await admin({
      method: 'PUT',
      url: '/prod-api/business/priceScheme',
      payload: dearer,
      headers: EN,
    });
    expect(revised.json()).toMatchObject({
      code: 200,
      data: {
        effectiveFrom: '2027-03-16',
        steps: dearer.steps,
        versions: [{ effectiveFrom: '2026-01-01' }, { effectiveFrom: '2027-03-16' }],
      },
    });
    const earlier = await admin({
      method: 'PUT',
      url: '/prod-api/business/priceScheme',
      payload: { ...dearer, effectiveFrom: '2027-01-01' },
      headers: EN,
    });
    expect(earlier.json()).toMatchObject({
      code: 500,
      msg: 'New prices take effect on or after the latest change (2027-03-16)',
    });

    const exported = await admin({
      method: 'POST',
      url: '/prod-api/business/priceScheme/export',
      payload: {},
      headers: EN,
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(2).getCell(1).value).toBe('Domestic ladder');

    expect(
      (await admin({ method: 'DELETE', url: `/prod-api/business/priceScheme/${priceSchemeId}` })).json().code,
    ).toBe(200);
    expect((await admin(`/prod-api/business/priceScheme/${priceSchemeId}`)).json().key).toBe(
      'error.priceScheme.notFound',
    );
  });

  it('refuses bad input with field errors in the user language, writing nothing', async () => {
    const before = await eventCount();
    const res = await create(
      {
        ...ladder,
        name: 'x'.repeat(21),
        accumulationCycle: 5,
        billingCycle: 2,
        steps: [
          { startVolume: 0, endVolume: 10, unitPrice: 0 },
          { startVolume: 10, endVolume: 8, unitPrice: 1.234 },
        ],
      },
      admin,
      FR,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Le nom compte au plus 20 caractères' },
        { field: 'steps.0.unitPrice', message: 'Le prix unitaire doit être supérieur à zéro' },
        { field: 'steps.1.unitPrice', message: 'Les montants ont au plus deux décimales' },
      ]),
    );
    const cross = await create({ ...ladder, accumulationCycle: 1 });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors).toEqual([
      {
        field: 'accumulationCycle',
        message: 'The accumulation cycle must be greater than and a multiple of the billing cycle',
      },
    ]);
    const open = await create({ ...ladder, steps: [{ startVolume: 0, endVolume: 12, unitPrice: 2 }] });
    expect(open.json().errors).toEqual([
      {
        field: 'steps.0.endVolume',
        message: 'The last step must be chosen as the maximum (-1, unlimited), and only the last',
      },
    ]);
    expect(await eventCount()).toBe(before);
  });

  it('calculates a trial line by line for a saved scheme or an unsaved one, saving nothing', async () => {
    const { priceSchemeId } = (await create({ ...ladder, name: 'Trial ladder' })).json().data;
    const before = await eventCount();
    // March: 10 m³ already billed this year, 4 more: 2 at step 1, 2 at step 2, 10% VAT.
    const saved = await calculate({ priceSchemeId, on: '2026-03-15', volume: 4, accumulatedVolume: 10 });
    expect(saved.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      data: {
        lines: [
          { kind: 'step', step: 1, volume: 2, unitPrice: 2, vatRate: null, amount: 4 },
          { kind: 'step', step: 2, volume: 2, unitPrice: 3.5, vatRate: null, amount: 7 },
          { kind: 'vat', step: null, volume: null, unitPrice: null, vatRate: 10, amount: 1.1 },
        ],
        net: 11,
        vat: 1.1,
        total: 12.1,
      },
    });
    const unsaved = await calculate({
      scheme: {
        ...ladder,
        chargingModel: 'flat',
        vatRate: 0,
        standingCharge: 3,
        steps: [{ startVolume: 0, endVolume: -1, unitPrice: 1.25 }],
      },
      volume: 2.5,
    });
    expect(unsaved.json().data).toMatchObject({
      lines: [
        { kind: 'step', step: 1, volume: 2.5, unitPrice: 1.25, amount: 3.13 },
        { kind: 'standing', amount: 3 },
      ],
      total: 6.13,
    });
    const neither = await calculate({ volume: 1 });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual([
      { field: 'priceSchemeId', message: 'Choose a price scheme or enter one' },
    ]);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a role without the permission and answers another tenant ids as unknown', async () => {
    const { priceSchemeId } = (await create({ ...ladder, name: 'Demo only' })).json().data;
    expect((await create(ladder, viewer)).statusCode).toBe(403);
    expect(
      (await viewer({ method: 'DELETE', url: `/prod-api/business/priceScheme/${priceSchemeId}` })).statusCode,
    ).toBe(403);
    expect((await viewer('/prod-api/business/priceScheme/list')).json().total).toBeGreaterThan(0);
    expect((await calculate({ priceSchemeId, volume: 1 }, viewer)).json().code).toBe(200);

    const before = await eventCount();
    expect((await trial(`/prod-api/business/priceScheme/${priceSchemeId}`)).json().key).toBe(
      'error.priceScheme.notFound',
    );
    const revise = await trial({
      method: 'PUT',
      url: '/prod-api/business/priceScheme',
      payload: { ...ladder, priceSchemeId, effectiveFrom: '2027-01-01' },
    });
    expect(revise.json().key).toBe('error.priceScheme.notFound');
    expect(
      (await trial({ method: 'DELETE', url: `/prod-api/business/priceScheme/${priceSchemeId}` })).json().key,
    ).toBe('error.priceScheme.notFound');
    expect((await calculate({ priceSchemeId, volume: 1 }, trial)).json().key).toBe(
      'error.priceScheme.notFound',
    );
    expect((await trial('/prod-api/business/priceScheme/options')).json().data).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('is chosen on an account: a scheme of the tenant only, and one in use is not deleted', async () => {
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Scheme meters',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [meterId] = await registerMeters(services.store, metadata, [{ meterNo: '880001', meterTypeId }]);
    const customerTypeId = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'Scheme holders' },
      })
    ).json().data.customerTypeId;
    const { priceSchemeId } = (await create({ ...ladder, name: 'On an account' })).json().data;
    const foreign = (await create({ ...ladder, name: 'Trial tenant' }, trial)).json().data.priceSchemeId;
    const open = (scheme: string) =>
      admin({
        method: 'POST',
        url: '/prod-api/business/customer',
        payload: {
          name: 'Li Wei',
          phone: '13800000021',
          accountNo: 'PS-1',
          customerTypeId,
          meterId,
          priceSchemeId: scheme,
        },
        headers: EN,
      });
    expect((await open(foreign)).json().key).toBe('error.priceScheme.notFound');
    const opened = await open(priceSchemeId);
    expect(opened.json()).toMatchObject({ code: 200, data: { priceSchemeId } });
    expect((await admin(`/prod-api/business/priceScheme/${priceSchemeId}`)).json().data.accountCount).toBe(1);
    const refused = await admin({
      method: 'DELETE',
      url: `/prod-api/business/priceScheme/${priceSchemeId}`,
      headers: EN,
    });
    expect(refused.json()).toMatchObject({
      code: 500,
      msg: '1 account has this price scheme: it cannot be deleted',
    });
  });

  it('rebuilds the price schemes from the log to equal rows (replay --verify)', async () => {
    expect((await services.runner.verify('billing')).equal).toBe(true);
  });
});
