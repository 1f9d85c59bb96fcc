import { meterMoveBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type CustomerCommand, type CustomerEvent, customerDecider } from '../../src/customers/index.ts';
import { fold } from '../../src/decider.ts';
import {
  type MeterCommand,
  type MeterEvent,
  type MovingMeter,
  meterDecider,
} from '../../src/meters/index.ts';
import { given } from '../spec.ts';

const source = '0190a000-0000-7000-8000-000000000001';
const target = '0190a000-0000-7000-8000-000000000002';
const sourceType = '0190a000-0000-7000-8000-0000000000e1';
const targetType = '0190a000-0000-7000-8000-0000000000e2';
const targetCustomerType = '0190a000-0000-7000-8000-0000000000d2';
const meterId = '0190a000-0000-7000-8000-0000000000f1';
const customerId = '0190a000-0000-7000-8000-0000000000c1';

const registered: MeterEvent = {
  type: 'MeterRegistered',
  data: {
    meterId,
    tenantId: source,
    meterNo: '30000001',
    meterTypeId: sourceType,
    initialReading: 0,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
};
const facts = {
  fromTenantId: source,
  toTenantId: target,
  meterTypeId: targetType,
  customerId,
  customerTypeId: targetCustomerType,
  accountNo: 'A0001',
  customerName: 'Li Lei',
  address: '5 River Road',
  phone: '13800000021',
  reason: 'District handed over',
  adminContact: null,
  movedAt: '2026-03-01T06:10:00.000Z',
};
/** The meter alone in its batch, as the source tenant has it. */
const alone: MovingMeter = {
  meterNo: '30000001',
  customerId,
  meterTypeId: sourceType,
  customerTypeId: sourceType,
};
const moveMeter = (overrides: Partial<Extract<MeterCommand, { type: 'MoveMeter' }>> = {}): MeterCommand => ({
  type: 'MoveMeter',
  ...facts,
  inPartition: false,
  numberTakenInTarget: false,
  batch: [alone],
  ...overrides,
});
const moved: MeterEvent = {
  type: 'MeterMoved',
  data: { meterId, meterNo: '30000001', fromMeterTypeId: sourceType, ...facts },
};

describe('meter move decider', () => {
  it('moves the meter to the target tenant with its new type, recording the account it takes along', () => {
    given(meterDecider, [registered]).when(moveMeter()).then([moved]);
    const state = fold(meterDecider, [registered, moved]);
    expect(state).toMatchObject({ tenantId: target, meterTypeId: targetType });
  });

  it('refuses the same tenant with the message of spec section 8', () => {
    given(meterDecider, [registered])
      .when(moveMeter({ toTenantId: source }))
      .thenFails('error.meterMove.sameTenant');
    const parsed = meterMoveBodySchema.safeParse({
      sourceTenantId: source,
      targetTenantId: source,
      meterIds: [meterId],
      customerTypeId: targetCustomerType,
      meterTypeId: targetType,
      reason: 'x',
    });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['targetTenantId', 'error.meterMove.sameTenant'],
    ]);
  });

  it('finds the meter only in the tenant that holds it: after a move, not in the old one', () => {
    given(meterDecider, [registered])
      .when(moveMeter({ fromTenantId: target, toTenantId: source }))
      .thenFails('error.meter.notFound');
    given(meterDecider, [registered, moved]).when(moveMeter()).thenFails('error.meter.notFound');
    // From the new tenant it moves on.
    given(meterDecider, [registered, moved])
      .when(moveMeter({ fromTenantId: target, toTenantId: source }))
      .thenMatches([{ type: 'MeterMoved', data: { fromTenantId: target, toTenantId: source } }]);
  });

  it('refuses a replaced meter, one in a cascade partition and a number the target already uses', () => {
    const replaced: MeterEvent = {
      type: 'MeterReplaced',
      data: {
        oldMeterId: meterId,
        newMeterId: '0190a000-0000-7000-8000-0000000000f2',
        oldMeterNo: '30000001',
        newMeterNo: '30000002',
        customerId: null,
        accountNo: null,
        lastReadTime: '2026-02-01T06:00:00.000Z',
        recentReading: 10,
        newInitialReading: 0,
        reason: 'Broken',
        replacedAt: '2026-02-01T06:00:00.000Z',
      },
    };
    const meterNo = { meterNo: '30000001' };
    given(meterDecider, [registered, replaced])
      .when(moveMeter())
      .thenFails({ key: 'error.meterMove.retired', params: meterNo });
    given(meterDecider, [registered])
      .when(moveMeter({ inPartition: true }))
      .thenFails({ key: 'error.meterMove.inPartition', params: meterNo });
    given(meterDecider, [registered])
      .when(moveMeter({ numberTakenInTarget: true }))
      .thenFails({ key: 'error.meterMove.numberTaken', params: meterNo });
    given(meterDecider, []).when(moveMeter()).thenFails('error.meter.notFound');
  });
});

describe('account moving with its meter', () => {
  const opened: CustomerEvent = {
    type: 'CustomerOpened',
    data: {
      customerId,
      tenantId: source,
      accountNo: 'A0001',
      name: 'Li Lei',
      phone: '13800000021',
      nature: '0',
      idType: '0',
      customerTypeId: sourceType,
      waterUse: 'domestic',
      businessMode: 'prepaid',
      countVolume: true,
      billing: true,
      payChannel: '3',
      attachments: [],
      meterId,
      meterNo: '30000001',
      meterTypeId: sourceType,
      openedAt: '2026-01-02T00:00:00.000Z',
      valveCommandId: null,
    },
  };
  const move: CustomerCommand = {
    type: 'Move',
    at: facts.movedAt,
    accountNo: 'A0001',
    openDebt: 0,
    accountNoTakenInTarget: false,
    fromTenantId: source,
    toTenantId: target,
    customerTypeId: targetCustomerType,
    meterTypeId: targetType,
  };
  const recharged: CustomerEvent = {
    type: 'AccountRecharged',
    data: { customerId, at: '2026-01-03T00:00:00.000Z', amount: 12.5, payChannel: '3' },
  };

  it('moves an account that owes nothing and holds nothing', () => {
    given(customerDecider, [opened])
      .when(move)
      .then([
        {
          type: 'CustomerMoved',
          data: {
            customerId,
            at: facts.movedAt,
            fromTenantId: source,
            toTenantId: target,
            customerTypeId: targetCustomerType,
            meterTypeId: targetType,
          },
        },
      ]);
  });

  it('refuses while a balance is not refunded or a debt is open, naming the account', () => {
    given(customerDecider, [opened, recharged])
      .when(move)
      .thenFails({ key: 'error.meterMove.balance', params: { accountNo: 'A0001' } });
    given(customerDecider, [opened])
      .when({ ...move, openDebt: 3 })
      .thenFails({ key: 'error.meterMove.debt', params: { accountNo: 'A0001' } });
    const refunded: CustomerEvent = {
      type: 'AccountRefunded',
      data: { customerId, at: '2026-01-04T00:00:00.000Z', amount: 12.5, payChannel: '3' },
    };
    given(customerDecider, [opened, recharged, refunded])
      .when(move)
      .thenMatches([{ type: 'CustomerMoved' }]);
  });

  it('refuses an account whose number an account of the target has, naming it', () => {
    given(customerDecider, [opened])
      .when({ ...move, accountNoTakenInTarget: true })
      .thenFails({ key: 'error.meterMove.accountTaken', params: { accountNo: 'A0001' } });
  });
});

describe('a batch of meters to move', () => {
  const other = { ...alone, meterNo: '30000002' };

  it('moves each meter of a batch whose meters all have accounts of one meter type and one customer type', () => {
    given(meterDecider, [registered])
      .when(moveMeter({ batch: [alone, other] }))
      .then([moved]);
  });

  it('refuses the whole batch for a meter without an account, naming it, whichever meter is decided', () => {
    given(meterDecider, [registered])
      .when(moveMeter({ batch: [alone, { ...other, customerId: null, customerTypeId: null }] }))
      .thenFails({ key: 'error.meterMove.noAccount', params: { meterNo: '30000002' } });
  });

  it('refuses a batch of mixed meter types or customer types', () => {
    given(meterDecider, [registered])
      .when(moveMeter({ batch: [alone, { ...other, meterTypeId: targetType }] }))
      .thenFails('error.meterMove.mixedTypes');
    given(meterDecider, [registered])
      .when(moveMeter({ batch: [alone, { ...other, customerTypeId: targetCustomerType }] }))
      .thenFails('error.meterMove.mixedTypes');
  });

  it("refuses the batch before the meter's own rules", () => {
    given(meterDecider, [registered])
      .when(moveMeter({ inPartition: true, batch: [alone, { ...other, meterTypeId: targetType }] }))
      .thenFails('error.meterMove.mixedTypes');
  });
});
