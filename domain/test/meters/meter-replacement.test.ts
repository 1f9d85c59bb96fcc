import { meterReplaceBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../../src/decider.ts';
import { type MeterCommand, type MeterEvent, meterDecider } from '../../src/meters/index.ts';

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
const when = (events: MeterEvent[], command: MeterCommand) =>
  meterDecider.decide(command, fold(meterDecider, events));
const errorKey = (result: unknown) => (result instanceof DomainError ? result.key : result);

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
    expect(when([oldRegistered], replace())).toEqual([replaced]);
  });

  it('records a replacement of a meter on no account', () => {
    const [event] = when([oldRegistered], replace({ customerId: null, accountNo: null })) as MeterEvent[];
    expect(event).toMatchObject({ type: 'MeterReplaced', data: { customerId: null, accountNo: null } });
  });

  it('replaces a meter only once, even after it was edited', () => {
    const edited: MeterEvent = {
      type: 'MeterChanged',
      data: { meterId: oldMeterId, meterTypeId, initialReading: 0 },
    };
    expect(errorKey(when([oldRegistered, replaced], replace()))).toBe('error.meterReplace.alreadyReplaced');
    expect(errorKey(when([oldRegistered, replaced, edited], replace()))).toBe(
      'error.meterReplace.alreadyReplaced',
    );
  });

  it('refuses a new meter that is missing, the old one, on an account, or replaced before', () => {
    expect(errorKey(when([oldRegistered], replace({ newMeter: null })))).toBe('error.meter.notFound');
    expect(errorKey(when([oldRegistered], replace({ newMeter: { ...newMeter, meterId: oldMeterId } })))).toBe(
      'error.meterReplace.sameMeter',
    );
    expect(errorKey(when([oldRegistered], replace({ newMeter: { ...newMeter, onAccount: true } })))).toBe(
      'error.meterReplace.newOnAccount',
    );
    expect(errorKey(when([oldRegistered], replace({ newMeter: { ...newMeter, replaced: true } })))).toBe(
      'error.meterReplace.newRetired',
    );
  });

  it('knows no unregistered or deleted old meter', () => {
    expect(errorKey(when([], replace()))).toBe('error.meter.notFound');
    const deleted: MeterEvent = { type: 'MeterDeleted', data: { meterId: oldMeterId } };
    expect(errorKey(when([oldRegistered, deleted], replace()))).toBe('error.meter.notFound');
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
