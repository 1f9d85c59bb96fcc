import { testEngines } from '@hydrolog/eventstore/testing';
import { type ChargingItem, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customersProjection,
  getSurchargeScheme,
  listDebtRecords,
  listDebts,
  openDebts,
  surchargeSchemeFacts,
  surchargesProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';
const item = (name: string): ChargingItem => ({
  chargingItemId: uuidv7(),
  name,
  feeType: 'personal',
  deductionMethod: 'fixed',
  deductionRatioBasisPoints: 0,
  deductionAmountCents: 250,
  deductionFrequency: 'month',
  enabledDate: '2026-01-01',
  vatRateBasisPoints: 0,
});

describe.each(testEngines())('surcharges projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  const page = { pageNum: 1, pageSize: 20 };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [customersProjection, surchargesProjection]);
  });
  afterAll(() => fx.db.close());

  it('keeps a scheme with its items, the accounts bound to them, and its deletion', async () => {
    const surchargeSchemeId = uuidv7();
    const [rent, sewage] = [item('Rent'), item('Sewage')];
    const save = (items: ChargingItem[], status: '0' | '1' = '0') => ({
      type: 'SurchargeSchemeSaved' as const,
      data: { surchargeSchemeId, tenantId, name: 'Fees', status, items, savedAt: AT },
    });
    await fx.append(
      `surchargeScheme-${surchargeSchemeId}`,
      [save([rent, sewage]), save([rent], '1')],
      metadata,
    );
    const personalSurchargeId = uuidv7();
    await fx.append(
      `personalSurcharge-${personalSurchargeId}`,
      [
        {
          type: 'PersonalSurchargeSaved',
          data: {
            personalSurchargeId,
            tenantId,
            customerId: uuidv7(),
            chargingItemIds: [rent.chargingItemId],
            savedAt: AT,
          },
        },
      ],
      metadata,
    );
    const view = await withTenant(fx.db, tenantId, (sql) => getSurchargeScheme(sql, surchargeSchemeId));
    expect(view).toMatchObject({ name: 'Fees', status: '1', itemCount: 1, accountCount: 1, updateTime: AT });
    expect(await withTenant(fx.db, tenantId, (sql) => surchargeSchemeFacts(sql, uuidv7()))).toEqual({
      takenItemNames: ['rent'],
      boundItemIds: [],
    });
    expect(await withTenant(fx.db, uuidv7(), (sql) => getSurchargeScheme(sql, surchargeSchemeId))).toBeNull();
    expect((await fx.runner.verify('surcharges')).equal).toBe(true);

    await fx.append(
      `surchargeScheme-${surchargeSchemeId}`,
      [{ type: 'SurchargeSchemeDeleted', data: { surchargeSchemeId } }],
      metadata,
    );
    expect(await fx.rows('SELECT * FROM charging_items')).toEqual([]);
  });

  it('keeps a debt, what is left after each transaction, and what each account owes', async () => {
    const debtId = uuidv7();
    const customerId = uuidv7();
    await fx.append(
      `debt-${debtId}`,
      [
        {
          type: 'DebtAdded',
          data: {
            debtId,
            tenantId,
            customerId,
            debtType: 'water',
            feeName: 'Arrears',
            amountCents: 9_000,
            operator: 'op',
            at: AT,
          },
        },
        {
          type: 'DebtPlanned',
          data: { debtId, deductions: 3, instalmentCents: 3_000, operator: 'op', at: AT },
        },
        {
          type: 'DebtPaid',
          data: {
            debtId,
            amountCents: 3_000,
            residualCents: 6_000,
            remainingDeductions: 2,
            operator: 'op',
            at: AT,
          },
        },
      ],
      metadata,
    );
    const { rows } = await withTenant(fx.db, tenantId, (sql) => listDebts(sql, page));
    expect(rows).toMatchObject([
      {
        debtId,
        debtAmount: 90,
        residualDebt: 60,
        deductions: 3,
        remainingDeductions: 2,
        instalment: 30,
        version: 2,
      },
    ]);
    const record = await withTenant(fx.db, tenantId, (sql) => listDebtRecords(sql, { ...page, debtId }));
    expect(record.rows.map((r) => [r.kind, r.amount, r.remainingDebt])).toEqual([
      ['paid', 30, 60],
      ['planned', 0, 90],
      ['added', 0, 90],
    ]);
    const owed = await withTenant(fx.db, tenantId, (sql) => openDebts(sql, [customerId, uuidv7()]));
    expect([...owed]).toEqual([[customerId, 6_000]]);
    expect((await withTenant(fx.db, uuidv7(), (sql) => listDebts(sql, page))).total).toBe(0);
    expect((await fx.runner.verify('surcharges')).equal).toBe(true);
  });
});
