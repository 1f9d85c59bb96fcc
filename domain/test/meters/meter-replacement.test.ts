import { meterReplaceBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type MeterCommand, type MeterEvent, meterDecider } from '../../src/meters/index.ts';
import { given } from '../spec.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const meterTypeId = '0190a000-0000-7000-8000-0000000000e1';
const oldMeterId = '0190a000-0000-7000-8000-0000000000f1';
const newMeterId = '0190a000-0000-7000-8000-0000000000f2';
const customerId = '0190a000-0000-7000-8000-0000000000c1';

const oldRegistered: MeterEvent = {
  type: 'MeterRegistered',
  data: {
    meterId: oldMeterId,
    tenantId,
    meterNo: '30000001',
    meterTypeId,
    initialReading: 0,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
};
const newMeter = {
  meterId: newMeterId,
  meterNo: '30000002',
  initialReading: 2.5,
  onAccount: false,
  replaced: false,
};
const facts = {
  customerId,
  accountNo: 'A0001',
  lastReadTime: '2026-03-01T06:00:00.000Z',
  recentReading: 106.4,
  reason: 'Broken register',
  replacedAt: '2026-03-01T06:10:00.000Z',
};
const replace = (overrides: Partial<Extract<MeterCommand, { type: 'ReplaceMeter' }>> = {}): MeterCommand => ({
  type: 'ReplaceMeter',
  ...facts,
  newMeter,
  ...overrides,
});

const replaced: MeterEvent = {
  type: 'MeterReplaced',
  data: {
    oldMeterId,
    newMeterId,
    oldMeterNo: '30000001',
    newMeterNo: '30000002',
    ...facts,
    newInitialReading: 2.5,
  },
};

describe('meter replacement decider', () => {
  it('closes the old meter with its final reading and opens the new one at its initial reading', () => {
    given(meterDecider, [oldRegistered]).when(replace()).then([replaced]);
  });

  it('records a replacement of a meter on no account', () => {
    given(meterDecider, [oldRegistered])
      .when(replace({ customerId: null, accountNo: null }))
      .thenMatches([{ type: 'MeterReplaced', data: { customerId: null, accountNo: null } }]);
  });

  it('replaces a meter only once, even after it was edited', () => {
    const edited: MeterEvent = {
      type: 'MeterChanged',
      data: { meterId: oldMeterId, meterTypeId, initialReading: 0 },
    };
    given(meterDecider, [oldRegistered, replaced])
      .when(replace())
      .thenFails('error.meterReplace.alreadyReplaced');
    given(meterDecider, [oldRegistered, replaced, edited])
      .when(replace())
      .thenFails('error.meterReplace.alreadyReplaced');
  });

  it('refuses a new meter that is missing, the old one, on an account, or replaced before', () => {
    const { when } = given(meterDecider, [oldRegistered]);
    when(replace({ newMeter: null })).thenFails('error.meter.notFound');
    when(replace({ newMeter: { ...newMeter, meterId: oldMeterId } })).thenFails(
      'error.meterReplace.sameMeter',
    );
    when(replace({ newMeter: { ...newMeter, onAccount: true } })).thenFails(
      'error.meterReplace.newOnAccount',
    );
    when(replace({ newMeter: { ...newMeter, replaced: true } })).thenFails('error.meterReplace.newRetired');
  });

  it('knows no unregistered or deleted old meter', () => {
    given(meterDecider, []).when(replace()).thenFails('error.meter.notFound');
    const deleted: MeterEvent = { type: 'MeterDeleted', data: { meterId: oldMeterId } };
    given(meterDecider, [oldRegistered, deleted]).when(replace()).thenFails('error.meter.notFound');
  });
});

describe('meter replacement form rules', () => {
  const body = {
    oldMeterNo: '30000001',
    newMeterNo: '30000002',
    lastReadTime: '2026-03-01T06:00:00.000Z',
    recentReading: 106.4,
    reason: 'Broken register',
  };
  const messages = (value: unknown) => {
    const parsed = meterReplaceBodySchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a complete replacement', () => {
    expect(messages(body)).toEqual([]);
  });

  it('names each bad field with its message', () => {
    expect(messages({ ...body, newMeterNo: body.oldMeterNo })).toEqual([
      'newMeterNo:error.meterReplace.sameMeter',
    ]);
    expect(messages({ ...body, reason: '  ' })).toEqual(['reason:validation.required']);
    expect(messages({ ...body, reason: 'x'.repeat(101) })).toEqual(['reason:validation.tooLong']);
    expect(messages({ ...body, recentReading: -1 })).toEqual(['recentReading:validation.tooSmall']);
    expect(messages({ ...body, lastReadTime: 'yesterday' })).toEqual([
      'lastReadTime:validation.invalidFormat',
    ]);
    expect(messages({ ...body, oldMeterNo: 'abc' })[0]).toMatch(/^oldMeterNo:/);
  });
});
