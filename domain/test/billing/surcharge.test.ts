import { type ChargingItem, type SurchargeSchemeBody, surchargeSchemeBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import {
  type BindableItem,
  billSurcharges,
  personalSurchargeDecider,
  type SurchargeSchemeCommand,
  type SurchargeSchemeEvent,
  type SurchargeSchemeFacts,
  surchargeCharge,
  surchargeSchemeDecider,
} from '../../src/index.ts';
import { given } from '../spec.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const surchargeSchemeId = '0190a000-0000-7000-8000-0000000000a1';
const itemIds = ['0190a000-0000-7000-8000-0000000000b1', '0190a000-0000-7000-8000-0000000000b2'];
const savedAt = '2026-11-01T00:00:00.000Z';

const body: SurchargeSchemeBody = {
  name: 'Sewage and meter rent',
  items: [
    {
      name: 'Sewage',
      feeType: 'system',
      deductionMethod: 'percentage',
      deductionRatio: 12.5,
      deductionFrequency: 'volume',
      enabledDate: '2026-01-01',
      vatRate: 6,
    },
    {
      name: 'Meter rent',
      feeType: 'personal',
      deductionMethod: 'fixed',
      deductionAmount: 3.2,
      deductionFrequency: 'month',
      enabledDate: '2026-01-01',
    },
  ],
};
const input = surchargeSchemeBodySchema.parse(body);
const noFacts: SurchargeSchemeFacts = { takenItemNames: [], boundItemIds: [] };
const save = (change: Partial<typeof input> = {}, facts = noFacts): SurchargeSchemeCommand => ({
  type: 'SaveSurchargeScheme',
  surchargeSchemeId,
  tenantId,
  savedAt,
  newItemIds: itemIds,
  facts,
  ...input,
  ...change,
});
const saved: SurchargeSchemeEvent = {
  type: 'SurchargeSchemeSaved',
  data: {
    surchargeSchemeId,
    tenantId,
    name: 'Sewage and meter rent',
    status: '0',
    savedAt,
    items: [
      {
        chargingItemId: itemIds[0]!,
        name: 'Sewage',
        feeType: 'system',
        deductionMethod: 'percentage',
        deductionRatioBasisPoints: 1250,
        deductionAmountCents: 0,
        deductionFrequency: 'volume',
        enabledDate: '2026-01-01',
        vatRateBasisPoints: 600,
      },
      {
        chargingItemId: itemIds[1]!,
        name: 'Meter rent',
        feeType: 'personal',
        deductionMethod: 'fixed',
        deductionRatioBasisPoints: 0,
        deductionAmountCents: 320,
        deductionFrequency: 'month',
        enabledDate: '2026-01-01',
        vatRateBasisPoints: 0,
      },
    ],
  },
};
/** The items as saved, each keeping its id (as the edit form sends them back). */
const savedItems = input.items.map((item, i) => ({ ...item, chargingItemId: itemIds[i] }));

describe('surcharge scheme decider', () => {
  it('saves a scheme with its items in cents and basis points, new items getting their ids', () => {
    given(surchargeSchemeDecider, []).when(save()).then([saved]);
  });

  it('keeps the ids of its items, and refuses an id of no item of the scheme', () => {
    given(surchargeSchemeDecider, [saved])
      .when(save({ name: 'Renamed', items: savedItems }))
      .then([{ type: 'SurchargeSchemeSaved', data: { ...saved.data, name: 'Renamed' } }]);
    given(surchargeSchemeDecider, [])
      .when(save({ items: savedItems }))
      .thenFails('error.chargingItem.notFound');
  });

  it('refuses a charging item name the tenant already has, in this scheme or another', () => {
    given(surchargeSchemeDecider, [])
      .when(save({}, { takenItemNames: ['sewage'], boundItemIds: [] }))
      .thenFails('error.chargingItem.nameExists');
    given(surchargeSchemeDecider, [])
      .when(save({ items: [input.items[0]!, { ...input.items[1]!, name: 'SEWAGE ' }] }))
      .thenFails('error.chargingItem.nameExists');
  });

  it('refuses items whose deduction ratios add up to more than 100%, and takes exactly 100%', () => {
    const percent = (deductionRatio: number) => ({ ...input.items[0]!, deductionRatio });
    given(surchargeSchemeDecider, [])
      .when(save({ items: [percent(60.5), { ...percent(39.51), name: 'Other' }] }))
      .thenFails('validation.surcharge.totalRatio');
    given(surchargeSchemeDecider, [])
      .when(save({ items: [percent(60.5), { ...percent(39.5), name: 'Other' }] }))
      .thenMatches([{ type: 'SurchargeSchemeSaved' }]);
    expect(
      surchargeSchemeBodySchema.safeParse({ ...body, items: [percent(70), { ...percent(31), name: 'B' }] })
        .error?.issues[0]?.message,
    ).toBe('validation.surcharge.totalRatio');
  });

  it('refuses disabling a scheme in use by an account, and disables one that is not', () => {
    const bound = { takenItemNames: [], boundItemIds: [itemIds[1]!] };
    given(surchargeSchemeDecider, [saved])
      .when(save({ status: '1', items: savedItems }, bound))
      .thenFails('error.surcharge.disableInUse');
    given(surchargeSchemeDecider, [saved])
      .when(save({ status: '1', items: savedItems }))
      .thenMatches([{ type: 'SurchargeSchemeSaved', data: { status: '1' } }]);
  });

  it('keeps a bound item: neither removed from its scheme nor its scheme deleted', () => {
    const bound = { takenItemNames: [], boundItemIds: [itemIds[1]!] };
    given(surchargeSchemeDecider, [saved])
      .when(save({ items: [savedItems[0]!] }, bound))
      .thenFails({ key: 'error.surcharge.itemInUse', params: { name: 'Meter rent' } });
    given(surchargeSchemeDecider, [saved])
      .when({ type: 'DeleteSurchargeScheme', facts: bound })
      .thenFails('error.surcharge.inUse');
    given(surchargeSchemeDecider, [saved])
      .when({ type: 'DeleteSurchargeScheme', facts: noFacts })
      .then([{ type: 'SurchargeSchemeDeleted', data: { surchargeSchemeId } }]);
  });

  it('needs one item at least, a name within 100 characters and VAT in [0, 100)', () => {
    const issue = (change: object) =>
      surchargeSchemeBodySchema.safeParse({ ...body, ...change }).error?.issues[0]?.message;
    expect(issue({ items: [] })).toBe('validation.surcharge.items');
    expect(issue({ name: 'x'.repeat(101) })).toBe('validation.surcharge.name');
    expect(issue({ items: [{ ...body.items[0], vatRate: 100 }] })).toBe('validation.surcharge.vatRate');
    expect(issue({ items: [{ ...body.items[0], vatRate: 99.99 }] })).toBeUndefined();
  });
});

/** The saved scheme's two items, and a third: 0.15 per m³ with 10% VAT. */
const [sewage, rent] = saved.data.items;
const perM3: ChargingItem = {
  ...rent!,
  name: 'Resource fee',
  deductionMethod: 'perCount',
  deductionFrequency: 'volume',
  deductionAmountCents: 15,
  vatRateBasisPoints: 1000,
};

describe('surcharge trial calculation', () => {
  it('takes a ratio of the payment, a fixed amount, an amount per m³, each with its VAT, rounded half up', () => {
    const charge = surchargeCharge([sewage!, rent!, perM3], { amountCents: 10_001, litres: 12_345 });
    // 12.5% of 100.01 = 12.50125 -> 12.50, VAT 6% = 0.75; 3.20 once; 0.15 x 12.345 m³ = 1.85175 -> 1.85, VAT 0.19.
    expect(charge.lines.map((l) => [l.name, l.netCents, l.vatCents])).toEqual([
      ['Sewage', 1250, 75],
      ['Meter rent', 320, 0],
      ['Resource fee', 185, 19],
    ]);
    expect(charge).toMatchObject({ netCents: 1755, vatCents: 94, totalCents: 1849 });
  });
});

describe('surcharges of a bill', () => {
  const lines = (items: Parameters<typeof billSurcharges>[0], from: string, to: string) =>
    billSurcharges(items, { from, to, litres: 12_345, waterCents: 10_001 }).map((s) => [
      s.name,
      s.base,
      s.netCents,
      s.vatCents,
    ]);

  it('charges a ratio of the water charge, a monthly amount per month, an amount per m³ billed', () => {
    // As the trial: 12.5% of 100.01 with 6% VAT; 0.15 x 12.345 m³ with 10% VAT; the rent once in September.
    expect(lines([sewage!, rent!, perM3], '2026-09-01', '2026-10-01')).toEqual([
      ['Sewage', 10_001, 1250, 75],
      ['Meter rent', 1, 320, 0],
      ['Resource fee', 12_345, 185, 19],
    ]);
  });

  it('charges a fixed item once per month, day or year that starts in the period, never twice when it is split', () => {
    const daily = { ...rent!, name: 'Daily', deductionFrequency: 'day' as const, deductionAmountCents: 10 };
    const yearly = {
      ...rent!,
      name: 'Yearly',
      deductionFrequency: 'year' as const,
      deductionAmountCents: 500,
    };
    // A quarter from 15 November: December, January and February start in it; 1 January once; 92 days.
    expect(lines([rent!, daily, yearly], '2026-11-15', '2027-02-15')).toEqual([
      ['Meter rent', 3, 960, 0],
      ['Daily', 92, 920, 0],
      ['Yearly', 1, 500, 0],
    ]);
    // September closed on the 10th by a freeze, then billed to its end: the month's rent is in the first part.
    const first = lines([rent!, daily], '2026-09-01', '2026-09-10');
    const rest = lines([rent!, daily], '2026-09-10', '2026-10-01');
    expect(first).toEqual([
      ['Meter rent', 1, 320, 0],
      ['Daily', 9, 90, 0],
    ]);
    expect(rest).toEqual([['Daily', 21, 210, 0]]);
  });

  it('charges an item from its enabled date: the days after it, and on volume or payment from the next bill', () => {
    const later = (item: ChargingItem) => ({ ...item, enabledDate: '2026-09-20' });
    const daily = later({ ...rent!, deductionFrequency: 'day', deductionAmountCents: 10 });
    expect(lines([later(sewage!), later(perM3), daily], '2026-09-01', '2026-10-01')).toEqual([
      ['Meter rent', 11, 110, 0],
    ]);
    expect(lines([later(sewage!), later(perM3)], '2026-10-01', '2026-11-01')).toEqual([
      ['Sewage', 10_001, 1250, 75],
      ['Resource fee', 12_345, 185, 19],
    ]);
  });
});

describe('personal surcharge decider', () => {
  const personalSurchargeId = '0190a000-0000-7000-8000-0000000000c1';
  const customerId = '0190a000-0000-7000-8000-0000000000d1';
  const item = (change: Partial<BindableItem> = {}): BindableItem => ({
    chargingItemId: itemIds[1]!,
    name: 'Meter rent',
    feeType: 'personal',
    deductionMethod: 'fixed',
    deductionRatioBasisPoints: 0,
    schemeEnabled: true,
    ...change,
  });
  const bind = (
    items: BindableItem[],
    facts: { accountHasOther?: boolean; accountCancelled?: boolean } = {},
  ) => ({
    type: 'Save' as const,
    personalSurchargeId,
    tenantId,
    customerId,
    chargingItemIds: items.map((i) => i.chargingItemId),
    savedAt,
    facts: { items, accountHasOther: false, accountCancelled: false, ...facts },
  });

  it('binds personal items of enabled schemes to one account', () => {
    given(personalSurchargeDecider, [])
      .when(bind([item()]))
      .then([
        {
          type: 'PersonalSurchargeSaved',
          data: { personalSurchargeId, tenantId, customerId, chargingItemIds: [itemIds[1]!], savedAt },
        },
      ]);
  });

  it('refuses system items, items of a disabled scheme, a second record and a cancelled account', () => {
    given(personalSurchargeDecider, [])
      .when(bind([item({ feeType: 'system', name: 'Sewage' })]))
      .thenFails({ key: 'error.personalSurcharge.systemItem', params: { name: 'Sewage' } });
    given(personalSurchargeDecider, [])
      .when(bind([item({ schemeEnabled: false })]))
      .thenFails({ key: 'error.personalSurcharge.schemeDisabled', params: { name: 'Meter rent' } });
    given(personalSurchargeDecider, [])
      .when(bind([item()], { accountHasOther: true }))
      .thenFails('error.personalSurcharge.exists');
    given(personalSurchargeDecider, [])
      .when(bind([item()], { accountCancelled: true }))
      .thenFails('error.personalSurcharge.accountCancelled');
  });

  it('refuses bound items whose deduction ratios add up to more than 100%', () => {
    const percent = (id: string, deductionRatioBasisPoints: number) =>
      item({ chargingItemId: id, deductionMethod: 'percentage', deductionRatioBasisPoints });
    given(personalSurchargeDecider, [])
      .when(bind([percent(itemIds[0]!, 6000), percent(itemIds[1]!, 4001)]))
      .thenFails('validation.surcharge.totalRatio');
  });
});
