import { meterBodySchema, meterImportRowSchema, meterTypeBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../../src/decider.ts';
import {
  type MeterEvent,
  type MeterGroupEvent,
  type MeterTypeEvent,
  meterDecider,
  meterDeletionRefusal,
  meterGroupDecider,
  meterTypeDecider,
} from '../../src/meters/index.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const meterTypeId = '0190a000-0000-7000-8000-0000000000e1';
const otherTypeId = '0190a000-0000-7000-8000-0000000000e2';
const meterId = '0190a000-0000-7000-8000-0000000000f1';

const typeBody = {
  name: 'NB-IoT DN15',
  billingMode: 'prepaid',
  valveControl: true,
  communication: 'nbiot',
  cardKind: 'none',
  reportIntervalMinutes: 1440,
} as const;
const typeCreated: MeterTypeEvent = {
  type: 'MeterTypeCreated',
  data: { meterTypeId, tenantId, ...typeBody },
};
const typeDeleted: MeterTypeEvent = { type: 'MeterTypeDeleted', data: { meterTypeId } };

const meterRegistered: MeterEvent = {
  type: 'MeterRegistered',
  data: {
    meterId,
    tenantId,
    meterNo: '20000001',
    meterTypeId,
    imei: '860000000000001',
    initialReading: 12.5,
    key: 'k1',
    registeredAt: '2026-11-01T00:00:00.000Z',
  },
};

const errorKey = (result: unknown) => (result instanceof DomainError ? result.key : result);

describe('meter type decider', () => {
  const when = (events: MeterTypeEvent[], command: Parameters<typeof meterTypeDecider.decide>[0]) =>
    meterTypeDecider.decide(command, fold(meterTypeDecider, events));

  it('creates a type once; the same id again is refused', () => {
    const create = { type: 'CreateMeterType' as const, meterTypeId, tenantId, ...typeBody };
    expect(when([], create)).toEqual([typeCreated]);
    expect(errorKey(when([typeCreated], create))).toBe('error.meterType.exists');
  });

  it('changes every field of an existing type', () => {
    const change = {
      ...typeBody,
      name: 'LoRaWAN DN20',
      communication: 'lorawan' as const,
      valveControl: false,
    };
    expect(when([typeCreated], { type: 'ChangeMeterType', ...change })).toEqual([
      { type: 'MeterTypeChanged', data: { meterTypeId, ...change } },
    ]);
  });

  it('deletes a type no meter uses, and refuses one in use with the count', () => {
    expect(when([typeCreated], { type: 'DeleteMeterType', metersUsing: 0 })).toEqual([typeDeleted]);
    const refused = when([typeCreated], { type: 'DeleteMeterType', metersUsing: 3 });
    expect(errorKey(refused)).toBe('error.meterType.inUse');
    expect((refused as DomainError).params).toEqual({ count: 3 });
  });

  it('knows no deleted or unknown type', () => {
    expect(errorKey(when([typeCreated, typeDeleted], { type: 'ChangeMeterType', ...typeBody }))).toBe(
      'error.meterType.notFound',
    );
    expect(errorKey(when([], { type: 'DeleteMeterType', metersUsing: 0 }))).toBe('error.meterType.notFound');
    expect(
      errorKey(
        when([typeCreated, typeDeleted], { type: 'CreateMeterType', meterTypeId, tenantId, ...typeBody }),
      ),
    ).toBe('error.meterType.exists');
  });
});

describe('meter decider', () => {
  const when = (events: MeterEvent[], command: Parameters<typeof meterDecider.decide>[0]) =>
    meterDecider.decide(command, fold(meterDecider, events));

  it('registers a meter once', () => {
    const { type: _, ...data } = { type: 'x', ...meterRegistered.data };
    expect(when([], { type: 'RegisterMeter', ...data })).toEqual([meterRegistered]);
    expect(errorKey(when([meterRegistered], { type: 'RegisterMeter', ...data }))).toBe('error.meter.exists');
  });

  it('changes the fields but keeps the number; fields left out are cleared, except the key', () => {
    const change = { meterTypeId: otherTypeId, sim: 'ABCDEFGHIJ0123456789', initialReading: 0 };
    const events = when([meterRegistered], { type: 'ChangeMeter', ...change });
    expect(events).toEqual([{ type: 'MeterChanged', data: { meterId, ...change, key: 'k1' } }]);
    const state = fold(meterDecider, [meterRegistered, ...(events as MeterEvent[])]);
    expect(state).toMatchObject({ exists: true, meterNo: '20000001', meterTypeId: otherTypeId, key: 'k1' });
    expect(state).not.toHaveProperty('imei');
    expect(when([meterRegistered], { type: 'ChangeMeter', ...change, key: 'k2' })).toEqual([
      { type: 'MeterChanged', data: { meterId, ...change, key: 'k2' } },
    ]);
  });

  it('deletes only a meter that never reported and is on no account', () => {
    expect(when([meterRegistered], { type: 'DeleteMeter', hasReadings: false, onAccount: false })).toEqual([
      { type: 'MeterDeleted', data: { meterId } },
    ]);
    expect(
      errorKey(when([meterRegistered], { type: 'DeleteMeter', hasReadings: true, onAccount: false })),
    ).toBe('error.meter.hasReadings');
    expect(
      errorKey(when([meterRegistered], { type: 'DeleteMeter', hasReadings: true, onAccount: true })),
    ).toBe('error.meter.onAccount');
    expect(meterDeletionRefusal({ type: 'DeleteMeter', hasReadings: false, onAccount: false })).toBeNull();
  });

  it('knows no deleted meter', () => {
    const deleted: MeterEvent = { type: 'MeterDeleted', data: { meterId } };
    expect(
      errorKey(when([meterRegistered, deleted], { type: 'ChangeMeter', meterTypeId, initialReading: 0 })),
    ).toBe('error.meter.notFound');
    expect(errorKey(when([], { type: 'DeleteMeter', hasReadings: false, onAccount: false }))).toBe(
      'error.meter.notFound',
    );
  });
});

describe('meter validation rules (spec section 5)', () => {
  const base = { meterNo: '123', meterTypeId };
  const messages = (value: unknown) => {
    const parsed = meterBodySchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('IMEI is 15 digits', () => {
    expect(messages({ ...base, imei: '123456789012345' })).toEqual([]);
    expect(messages({ ...base, imei: '12345678901234' })).toEqual(['validation.imei']);
    expect(messages({ ...base, imei: '12345678901234X' })).toEqual(['validation.imei']);
  });

  it('SIM is 20 digits or letters', () => {
    expect(messages({ ...base, sim: '8986ABCDEF0123456789' })).toEqual([]);
    expect(messages({ ...base, sim: '8986ABCDEF012345678' })).toEqual(['validation.sim']);
    expect(messages({ ...base, sim: '8986ABCDEF012345678-' })).toEqual(['validation.sim']);
  });

  it('meter numbers are numeric', () => {
    expect(messages({ ...base, meterNo: '12a' })).toEqual(['validation.meterNo']);
  });

  it('peak periods: at most three, each with distinct start and end in HH:mm', () => {
    const peak = { enabled: true, start: '07:00', end: '09:00', zeroWaterThreshold: 2 };
    expect(messages({ ...base, peaks: [peak, peak, peak] })).toEqual([]);
    expect(messages({ ...base, peaks: [peak, peak, peak, peak] })).toEqual(['validation.tooMany']);
    expect(messages({ ...base, peaks: [{ ...peak, end: '07:00' }] })).toEqual(['validation.peakPeriod']);
    expect(messages({ ...base, peaks: [{ ...peak, start: '24:00' }] })).toEqual(['validation.time']);
  });

  it('readings are not negative; the storage date is a date', () => {
    expect(messages({ ...base, initialReading: -1 })).toEqual(['validation.tooSmall']);
    expect(messages({ ...base, storageDate: '2026-13-01' })).toEqual(['validation.date']);
  });

  it('a meter type name is required and at most 50 characters; the report interval is at least a minute', () => {
    const typeMessages = (value: unknown) => {
      const parsed = meterTypeBodySchema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(typeMessages({ ...typeBody, name: ' ' })).toEqual(['validation.required']);
    expect(typeMessages({ ...typeBody, name: 'x'.repeat(51) })).toEqual(['validation.tooLong']);
    expect(typeMessages({ ...typeBody, reportIntervalMinutes: 0 })).toEqual(['validation.tooSmall']);
  });

  it('an import row names its type', () => {
    expect(meterImportRowSchema.safeParse({ meterNo: '1', meterTypeName: 'NB' }).success).toBe(true);
    expect(meterImportRowSchema.safeParse({ meterNo: '1' }).success).toBe(false);
  });
});

describe('meter group decider', () => {
  const groupId = '0190a000-0000-7000-8000-0000000000a9';
  const other = '0190a000-0000-7000-8000-0000000000f2';
  const created: MeterGroupEvent = {
    type: 'MeterGroupCreated',
    data: { groupId, tenantId, name: 'North walk', createdAt: '2026-11-01T00:00:00.000Z' },
  };
  const added: MeterGroupEvent = { type: 'MeterGroupMetersAdded', data: { groupId, meterIds: [meterId] } };
  const when = (events: MeterGroupEvent[], command: Parameters<typeof meterGroupDecider.decide>[0]) =>
    meterGroupDecider.decide(command, fold(meterGroupDecider, events));

  it('creates a group once and renames it', () => {
    const { type: _, ...data } = { type: 'x', ...created.data };
    expect(when([], { type: 'CreateMeterGroup', ...data })).toEqual([created]);
    expect(errorKey(when([created], { type: 'CreateMeterGroup', ...data }))).toBe('error.group.exists');
    expect(when([created], { type: 'ChangeMeterGroup', name: 'South walk', remark: 'r' })).toEqual([
      { type: 'MeterGroupChanged', data: { groupId, name: 'South walk', remark: 'r' } },
    ]);
  });

  it('adds only meters not yet in the group, and nothing when all are', () => {
    expect(when([created, added], { type: 'AddGroupMeters', meterIds: [meterId, other, other] })).toEqual([
      { type: 'MeterGroupMetersAdded', data: { groupId, meterIds: [other] } },
    ]);
    expect(when([created, added], { type: 'AddGroupMeters', meterIds: [meterId] })).toEqual([]);
  });

  it('removes members only', () => {
    expect(when([created, added], { type: 'RemoveGroupMeters', meterIds: [meterId] })).toEqual([
      { type: 'MeterGroupMetersRemoved', data: { groupId, meterIds: [meterId] } },
    ]);
    expect(errorKey(when([created, added], { type: 'RemoveGroupMeters', meterIds: [other] }))).toBe(
      'error.group.notMember',
    );
  });

  it('knows no deleted group', () => {
    const deleted: MeterGroupEvent = { type: 'MeterGroupDeleted', data: { groupId } };
    expect(errorKey(when([created, deleted], { type: 'AddGroupMeters', meterIds: [meterId] }))).toBe(
      'error.group.notFound',
    );
    expect(errorKey(when([], { type: 'DeleteMeterGroup' }))).toBe('error.group.notFound');
  });
});
