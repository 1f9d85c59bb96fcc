import { testEngines } from '@hydrolog/eventstore/testing';
import { type EventData, type PriceVersion, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingProjection, customersProjection, getPriceScheme, withTenant } from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';
const version = (effectiveFrom: string, unitPriceCents: number): PriceVersion => ({
  effectiveFrom,
  chargingModel: 'flat',
  steps: [{ startLitres: 0, endLitres: null, unitPriceCents }],
  standingChargeCents: 150,
  vatRateBasisPoints: 900,
});

describe.each(testEngines())('billing projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [customersProjection, billingProjection]);
  });
  afterAll(() => fx.db.close());

  it('keeps a scheme with its versions in the order they take effect, a same-day version replacing that day', async () => {
    const priceSchemeId = uuidv7();
    const head = {
      priceSchemeId,
      name: 'Flat',
      accumulationCycle: 12,
      billingCycle: 1,
      startTime: '2026-01-01',
    };
    const created: EventData<'PriceSchemeCreated'> = {
      ...head,
      tenantId,
      version: version('2026-01-01', 200),
      createdAt: AT,
    };
    const revised = (v: PriceVersion, name = 'Flat') => ({
      type: 'PriceSchemeRevised' as const,
      data: { ...head, name, version: v, revisedAt: AT },
    });
    await fx.append(
      `priceScheme-${priceSchemeId}`,
      [
        { type: 'PriceSchemeCreated', data: created },
        revised(version('2026-07-01', 250)),
        revised(version('2026-07-01', 260), 'Flat 2026'),
      ],
      metadata,
    );
    const view = await withTenant(fx.db, tenantId, (sql) => getPriceScheme(sql, priceSchemeId));
    expect(view).toMatchObject({
      name: 'Flat 2026',
      chargingModel: 'flat',
      effectiveFrom: '2026-07-01',
      steps: [{ startVolume: 0, endVolume: -1, unitPrice: 2.6 }],
      standingCharge: 1.5,
      vatRate: 9,
      accountCount: 0,
      updateTime: AT,
    });
    expect(view?.versions.map((v) => [v.effectiveFrom, v.steps[0]!.unitPrice])).toEqual([
      ['2026-01-01', 2],
      ['2026-07-01', 2.6],
    ]);
    // Another tenant sees no such scheme.
    expect(await withTenant(fx.db, uuidv7(), (sql) => getPriceScheme(sql, priceSchemeId))).toBeNull();

    expect((await fx.runner.verify('billing')).equal).toBe(true);
    await fx.append(
      `priceScheme-${priceSchemeId}`,
      [{ type: 'PriceSchemeDeleted', data: { priceSchemeId } }],
      metadata,
    );
    expect(await fx.rows('SELECT * FROM price_schemes')).toEqual([]);
  });
});
