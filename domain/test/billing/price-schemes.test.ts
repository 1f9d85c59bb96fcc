import {
  type PriceSchemeBody,
  type PriceSchemeInput,
  priceSchemeBodySchema,
  updatePriceSchemeBodySchema,
} from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import {
  type PriceSchemeCommand,
  type PriceSchemeEvent,
  priceSchemeDecider,
  tariffOf,
  trialCharge,
  versionOn,
} from '../../src/index.ts';
import { given } from '../spec.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const priceSchemeId = '0190a000-0000-7000-8000-0000000000f1';
const createdAt = '2026-11-01T00:00:00.000Z';

const body: PriceSchemeBody = {
  name: 'Domestic ladder',
  accumulationCycle: 12,
  billingCycle: 1,
  startTime: '2026-01-01',
  vatRate: 9.5,
  chargingModel: 'tiered',
  standingCharge: 2.5,
  steps: [
    { startVolume: 0, endVolume: 12, unitPrice: 2.05 },
    { startVolume: 12, endVolume: 30.5, unitPrice: 3.5 },
    { startVolume: 30.5, endVolume: -1, unitPrice: 5 },
  ],
};
const input = priceSchemeBodySchema.parse(body);
const create = (scheme: PriceSchemeInput = input): PriceSchemeCommand => ({
  type: 'CreatePriceScheme',
  priceSchemeId,
  tenantId,
  createdAt,
  ...scheme,
});
const created: PriceSchemeEvent = {
  type: 'PriceSchemeCreated',
  data: {
    priceSchemeId,
    tenantId,
    name: 'Domestic ladder',
    accumulationCycle: 12,
    billingCycle: 1,
    startTime: '2026-01-01',
    version: {
      effectiveFrom: '2026-01-01',
      chargingModel: 'tiered',
      steps: [
        { startLitres: 0, endLitres: 12_000, unitPriceCents: 205 },
        { startLitres: 12_000, endLitres: 30_500, unitPriceCents: 350 },
        { startLitres: 30_500, endLitres: null, unitPriceCents: 500 },
      ],
      standingChargeCents: 250,
      vatRateBasisPoints: 950,
    },
    createdAt,
  },
};
const revise = (effectiveFrom: string, scheme: PriceSchemeInput = input): PriceSchemeCommand => ({
  type: 'RevisePriceScheme',
  effectiveFrom,
  revisedAt: createdAt,
  ...scheme,
});
/** A body past the form's schema (as a client that skips it would send), with one field changed. */
const unchecked = (change: Partial<PriceSchemeInput>): PriceSchemeInput => ({ ...input, ...change });

describe('price scheme decider', () => {
  it('creates a scheme once, its prices kept in litres, cents and basis points from its start date', () => {
    given(priceSchemeDecider, []).when(create()).then([created]);
    given(priceSchemeDecider, [created]).when(create()).thenFails('error.priceScheme.exists');
  });

  it('needs the accumulation cycle greater than and a multiple of the billing cycle', () => {
    for (const [accumulationCycle, billingCycle] of [
      [1, 1],
      [2, 3],
      [12, 5],
    ] as const)
      given(priceSchemeDecider, [])
        .when(create(unchecked({ accumulationCycle, billingCycle })))
        .thenFails('validation.priceScheme.cycles');
    given(priceSchemeDecider, [])
      .when(create(unchecked({ accumulationCycle: 6, billingCycle: 2 })))
      .thenMatches([{ type: 'PriceSchemeCreated' }]);
  });

  it('needs each step to end after it starts', () => {
    const steps = [
      { startVolume: 0, endVolume: 10, unitPrice: 1 },
      { startVolume: 10, endVolume: 10, unitPrice: 2 },
      { startVolume: 10, endVolume: -1, unitPrice: 3 },
    ];
    given(priceSchemeDecider, [])
      .when(create(unchecked({ steps })))
      .thenFails('validation.priceScheme.endAfterStart');
  });

  it('needs the last step unlimited (-1), and only the last', () => {
    given(priceSchemeDecider, [])
      .when(create(unchecked({ steps: [{ startVolume: 0, endVolume: 999_999, unitPrice: 1 }] })))
      .thenFails('validation.priceScheme.lastUnlimited');
    const early = [
      { startVolume: 0, endVolume: -1, unitPrice: 1 },
      { startVolume: -1, endVolume: -1, unitPrice: 2 },
    ];
    given(priceSchemeDecider, [])
      .when(create(unchecked({ steps: early })))
      .thenFails('validation.priceScheme.lastUnlimited');
  });

  it('needs each step to start where the previous one ended, the first at 0', () => {
    given(priceSchemeDecider, [])
      .when(create(unchecked({ steps: [{ startVolume: 5, endVolume: -1, unitPrice: 1 }] })))
      .thenFails('validation.priceScheme.stepStart');
    const gap = [
      { startVolume: 0, endVolume: 10, unitPrice: 1 },
      { startVolume: 12, endVolume: -1, unitPrice: 2 },
    ];
    given(priceSchemeDecider, [])
      .when(create(unchecked({ steps: gap })))
      .thenFails('validation.priceScheme.stepStart');
  });

  it('charges a flat price as one unlimited step', () => {
    given(priceSchemeDecider, [])
      .when(create(unchecked({ chargingModel: 'flat' })))
      .thenFails('validation.priceScheme.flatOneStep');
    given(priceSchemeDecider, [])
      .when(
        create(
          unchecked({ chargingModel: 'flat', steps: [{ startVolume: 0, endVolume: -1, unitPrice: 3.2 }] }),
        ),
      )
      .thenMatches([{ type: 'PriceSchemeCreated' }]);
  });

  it('changes prices by a version from a day on, never before the latest version or the start', () => {
    const cheaper = unchecked({
      name: 'Ladder 2027',
      steps: [{ startVolume: 0, endVolume: -1, unitPrice: 1.5 }],
    });
    const [revised] = given(priceSchemeDecider, [created])
      .when(revise('2027-03-16', cheaper))
      .thenMatches([
        {
          type: 'PriceSchemeRevised',
          data: {
            name: 'Ladder 2027',
            version: {
              effectiveFrom: '2027-03-16',
              chargingModel: 'tiered',
              steps: [{ startLitres: 0, endLitres: null, unitPriceCents: 150 }],
              standingChargeCents: 250,
              vatRateBasisPoints: 950,
            },
          },
        },
      ]);
    given(priceSchemeDecider, [created, revised!])
      .when(revise('2027-03-15'))
      .thenFails({ key: 'error.priceScheme.versionOrder', params: { date: '2027-03-16' } });
    given(priceSchemeDecider, [created])
      .when(revise('2025-12-31'))
      .thenFails({ key: 'error.priceScheme.beforeStart', params: { date: '2026-01-01' } });
    // A version from the same day replaces that day's.
    given(priceSchemeDecider, [created, revised!])
      .when(revise('2027-03-16'))
      .thenMatches([{ type: 'PriceSchemeRevised' }]);
  });

  it('keeps its start date and cycles: the steps of the bills already charged fill on them', () => {
    given(priceSchemeDecider, [created])
      .when(revise('2027-01-01', unchecked({ startTime: '2026-02-01' })))
      .thenFails('error.priceScheme.cyclesFixed');
    given(priceSchemeDecider, [created])
      .when(revise('2027-01-01', unchecked({ accumulationCycle: 6 })))
      .thenFails('error.priceScheme.cyclesFixed');
  });

  it('is deleted only when no account has it', () => {
    given(priceSchemeDecider, [created])
      .when({ type: 'DeletePriceScheme', accounts: 2 })
      .thenFails({ key: 'error.priceScheme.inUse', params: { count: 2 } });
    const [deleted] = given(priceSchemeDecider, [created])
      .when({ type: 'DeletePriceScheme', accounts: 0 })
      .then([{ type: 'PriceSchemeDeleted', data: { priceSchemeId } }]);
    given(priceSchemeDecider, [created, deleted!])
      .when({ type: 'DeletePriceScheme', accounts: 0 })
      .thenFails('error.priceScheme.notFound');
    given(priceSchemeDecider, []).when(revise('2027-01-01')).thenFails('error.priceScheme.notFound');
  });

  it('folds into a tariff whose versions the math picks by day', () => {
    const [revised] = given(priceSchemeDecider, [created])
      .when(revise('2027-03-16'))
      .thenMatches([{ type: 'PriceSchemeRevised' }]);
    const state = [created, revised!].reduce(priceSchemeDecider.evolve, priceSchemeDecider.initialState());
    if (!state.exists) throw new Error('the scheme exists');
    const tariff = tariffOf(state);
    expect(versionOn(tariff, '2027-03-15')?.effectiveFrom).toBe('2026-01-01');
    expect(versionOn(tariff, '2027-03-16')?.effectiveFrom).toBe('2027-03-16');
    // 13 m³ from 0: 12 at 2.05, 1 at 3.50, 2.50 standing; 9.5% VAT of 30.60 is 2.907, rounded to 2.91.
    const charge = trialCharge(versionOn(tariff, '2026-06-01')!, {
      accumulatedLitres: 0,
      litres: 13_000,
      months: 1,
    });
    expect(charge.lines.map((l) => l.amountCents)).toEqual([2460, 350, 250, 291]);
  });
});

describe('price scheme form', () => {
  const issues = (scheme: unknown) =>
    priceSchemeBodySchema.safeParse(scheme).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('takes a name of at most 20 characters and amounts of at most two decimals', () => {
    expect(issues({ ...body, name: 'x'.repeat(21) })).toEqual([['name', 'validation.priceScheme.name']]);
    expect(issues({ ...body, standingCharge: 1.005 })).toEqual([
      ['standingCharge', 'validation.twoDecimals'],
    ]);
    expect(issues(body)).toEqual([]);
  });

  it('takes unit prices above 0 with two decimals, volumes up to 999999, VAT in [0, 100)', () => {
    const step = (change: object) => ({
      ...body,
      steps: [{ startVolume: 0, endVolume: -1, unitPrice: 1, ...change }],
    });
    expect(issues(step({ unitPrice: 0 }))).toEqual([
      ['steps.0.unitPrice', 'validation.priceScheme.unitPrice'],
    ]);
    expect(issues(step({ unitPrice: 1.234 }))).toEqual([['steps.0.unitPrice', 'validation.twoDecimals']]);
    expect(issues(step({ unitPrice: 1_000_000 }))).toEqual([
      ['steps.0.unitPrice', 'validation.priceScheme.maximum'],
    ]);
    expect(
      issues({
        ...body,
        steps: [
          { startVolume: 0, endVolume: 1_000_000, unitPrice: 1 },
          { startVolume: 1_000_000, endVolume: -1, unitPrice: 1 },
        ],
      }),
    ).toContainEqual(['steps.0.endVolume', 'validation.priceScheme.volume']);
    expect(issues({ ...body, vatRate: 100 })).toEqual([['vatRate', 'validation.priceScheme.vatRate']]);
  });

  it('marks the rules across fields on the field they concern, as the decider refuses them', () => {
    expect(issues({ ...body, accumulationCycle: 1 })).toEqual([
      ['accumulationCycle', 'validation.priceScheme.cycles'],
    ]);
    expect(
      issues({
        ...body,
        steps: [
          { startVolume: 0, endVolume: 10, unitPrice: 1 },
          { startVolume: 10, endVolume: 8, unitPrice: 1 },
        ],
      }),
    ).toEqual([['steps.1.endVolume', 'validation.priceScheme.lastUnlimited']]);
    expect(
      issues({
        ...body,
        steps: [
          { startVolume: 0, endVolume: 0, unitPrice: 1 },
          { startVolume: 0, endVolume: -1, unitPrice: 1 },
        ],
      }),
    ).toEqual([['steps.0.endVolume', 'validation.priceScheme.endAfterStart']]);
    expect(
      updatePriceSchemeBodySchema.safeParse({ ...body, priceSchemeId, effectiveFrom: '2027-02-30' }).error
        ?.issues[0]?.path,
    ).toEqual(['effectiveFrom']);
  });
});
