import { meterBodySchema, meterImportRowSchema, meterTypeBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/decider.ts';
import {
  type MeterEvent,
  type MeterGroupEvent,
  type MeterTypeEvent,
  meterDecider,
  meterGroupDecider,
  meterTypeDecider,
} from '../../src/meters/index.ts';
import { given } from '../spec.ts';

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

describe('meter type decider', () => {
  it('creates a type once; the same id again is refused', () => {
    const create = { type: 'CreateMeterType' as const, meterTypeId, tenantId, ...typeBody };
    given(meterTypeDecider, []).when(create).then([typeCreated]);
    given(meterTypeDecider, [typeCreated]).when(create).thenFails('error.meterType.exists');
  });

  it('changes every field of an existing type', () => {
    const change = {
      ...typeBody,
      name: 'LoRaWAN DN20',
      communication: 'lorawan' as const,
      valveControl: false,
    };
    given(meterTypeDecider, [typeCreated])
      .when({ type: 'ChangeMeterType', ...change })
      .then([{ type: 'MeterTypeChanged', data: { meterTypeId, ...change } }]);
  });

  it('deletes a type no meter uses, and refuses one in use with the count', () => {
    given(meterTypeDecider, [typeCreated])
      .when({ type: 'DeleteMeterType', metersUsing: 0 })
      .then([typeDeleted]);
    given(meterTypeDecider, [typeCreated])
      .when({ type: 'DeleteMeterType', metersUsing: 3 })
      .thenFails({ key: 'error.meterType.inUse', params: { count: 3 } });
  });

  it('knows no deleted or unknown type', () => {
    given(meterTypeDecider, [typeCreated, typeDeleted])
      .when({ type: 'ChangeMeterType', ...typeBody })
      .thenFails('error.meterType.notFound');
    given(meterTypeDecider, [])
      .when({ type: 'DeleteMeterType', metersUsing: 0 })
      .thenFails('error.meterType.notFound');
    given(meterTypeDecider, [typeCreated, typeDeleted])
      .when({ type: 'CreateMeterType', meterTypeId, tenantId, ...typeBody })
      .thenFails('error.meterType.exists');
  });
});

describe('meter decider', () => {
  const register = { type: 'RegisterMeter' as const, ...meterRegistered.data, numberTaken: false };

  it('registers a meter once', () => {
    given(meterDecider, []).when(register).then([meterRegistered]);
    given(meterDecider, [meterRegistered]).when(register).thenFails('error.meter.exists');
  });

  it('registers a number no meter of the tenant has', () => {
    given(meterDecider, [])
      .when({ ...register, numberTaken: true })
      .thenFails('error.meter.exists');
  });

  it('changes the fields but keeps the number; fields left out are cleared, except the key', () => {
    const change = { meterTypeId: otherTypeId, sim: 'ABCDEFGHIJ0123456789', initialReading: 0 };
    const events = given(meterDecider, [meterRegistered])
      .when({ type: 'ChangeMeter', ...change })
      .then([{ type: 'MeterChanged', data: { meterId, ...change, key: 'k1' } }]);
    const state = fold(meterDecider, [meterRegistered, ...events]);
    expect(state).toMatchObject({ exists: true, meterNo: '20000001', meterTypeId: otherTypeId, key: 'k1' });
    expect(state).not.toHaveProperty('imei');
    given(meterDecider, [meterRegistered])
      .when({ type: 'ChangeMeter', ...change, key: 'k2' })
      .then([{ type: 'MeterChanged', data: { meterId, ...change, key: 'k2' } }]);
  });

  it('deletes only a meter that never reported and is on no account', () => {
    given(meterDecider, [meterRegistered])
      .when({ type: 'DeleteMeter', hasReadings: false, onAccount: false })
      .then([{ type: 'MeterDeleted', data: { meterId } }]);
    given(meterDecider, [meterRegistered])
      .when({ type: 'DeleteMeter', hasReadings: true, onAccount: false })
      .thenFails('error.meter.hasReadings');
    given(meterDecider, [meterRegistered])
      .when({ type: 'DeleteMeter', hasReadings: true, onAccount: true })
      .thenFails('error.meter.onAccount');
  });

  it('knows no deleted meter', () => {
    const deleted: MeterEvent = { type: 'MeterDeleted', data: { meterId } };
    given(meterDecider, [meterRegistered, deleted])
      .when({ type: 'ChangeMeter', meterTypeId, initialReading: 0 })
      .thenFails('error.meter.notFound');
    given(meterDecider, [])
      .when({ type: 'DeleteMeter', hasReadings: false, onAccount: false })
      .thenFails('error.meter.notFound');
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

  it('creates a group once and renames it', () => {
    const { type: _, ...data } = { type: 'x', ...created.data };
    given(meterGroupDecider, [])
      .when({ type: 'CreateMeterGroup', ...data })
      .then([created]);
    given(meterGroupDecider, [created])
      .when({ type: 'CreateMeterGroup', ...data })
      .thenFails('error.group.exists');
    given(meterGroupDecider, [created])
      .when({ type: 'ChangeMeterGroup', name: 'South walk', remark: 'r' })
      .then([{ type: 'MeterGroupChanged', data: { groupId, name: 'South walk', remark: 'r' } }]);
  });

  it('adds only meters not yet in the group, and nothing when all are', () => {
    given(meterGroupDecider, [created, added])
      .when({ type: 'AddGroupMeters', meterIds: [meterId, other, other] })
      .then([{ type: 'MeterGroupMetersAdded', data: { groupId, meterIds: [other] } }]);
    given(meterGroupDecider, [created, added])
      .when({ type: 'AddGroupMeters', meterIds: [meterId] })
      .then([]);
  });

  it('removes members only', () => {
    given(meterGroupDecider, [created, added])
      .when({ type: 'RemoveGroupMeters', meterIds: [meterId] })
      .then([{ type: 'MeterGroupMetersRemoved', data: { groupId, meterIds: [meterId] } }]);
    given(meterGroupDecider, [created, added])
      .when({ type: 'RemoveGroupMeters', meterIds: [other] })
      .thenFails('error.group.notMember');
  });

  it('knows no deleted group', () => {
    const deleted: MeterGroupEvent = { type: 'MeterGroupDeleted', data: { groupId } };
    given(meterGroupDecider, [created, deleted])
      .when({ type: 'AddGroupMeters', meterIds: [meterId] })
      .thenFails('error.group.notFound');
    given(meterGroupDecider, []).when({ type: 'DeleteMeterGroup' }).thenFails('error.group.notFound');
  });
});
