import { LANGUAGES } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import { describe, expect, it } from 'vitest';
import {
  type PressureMeterCommand,
  type PressureMeterEvent,
  pressureAlarmDecider,
  pressureAlarmStreamId,
  pressureMeterDecider,
} from '../../src/devices/index.ts';
import { given } from '../spec.ts';

const pressureMeterId = '0190a000-0000-7000-8000-0000000000e1';
const fields = {
  monitoringSite: 'Hill reservoir outlet',
  rtuAddress: '1234567890',
  sensorNumber: 'S-1',
  dataSource: 1,
  communicationMode: 'nbiot',
  powerSupplyMode: 'battery',
  upperLimit: 0.6,
  lowerLimit: 0.2,
  longitude: 106.8,
  latitude: -6.2,
  address: 'Jl. Merdeka 1',
  installationTime: '2026-10-01',
} as const;
const register = {
  type: 'RegisterPressureMeter',
  pressureMeterId,
  tenantId: '0190a000-0000-7000-8000-000000000001',
  deviceNumber: '12345678901234567890',
  ...fields,
  createdAt: '2026-11-01T00:00:00.000Z',
} as const satisfies PressureMeterCommand;
const registered: PressureMeterEvent = {
  type: 'PressureMeterRegistered',
  data: (({ type: _, ...data }) => data)(register),
};
const change = { type: 'ChangePressureMeter', ...fields, changedAt: '2026-11-02T00:00:00.000Z' } as const;

describe('pressure meter decider', () => {
  it('registers a pressure meter with a numeric device number of up to 20 digits', () => {
    given(pressureMeterDecider, []).when(register).then([registered]);
    given(pressureMeterDecider, [])
      .when({ ...register, deviceNumber: '7' })
      .thenMatches([{ type: 'PressureMeterRegistered', data: { deviceNumber: '7' } }]);
  });

  it('refuses a device number that is not numeric or longer than 20 digits', () => {
    for (const deviceNumber of ['123456789012345678901', '12a4', ''])
      given(pressureMeterDecider, [])
        .when({ ...register, deviceNumber })
        .thenFails('validation.pressureMeter.deviceNumber');
  });

  it('refuses an RTU address of fewer than 10 or more than 20 digits, on registration and on a change', () => {
    for (const rtuAddress of ['123456789', '123456789012345678901', '12345678a0'])
      given(pressureMeterDecider, [])
        .when({ ...register, rtuAddress })
        .thenFails('validation.pressureMeter.rtuAddress');
    given(pressureMeterDecider, [registered])
      .when({ ...change, rtuAddress: '123' })
      .thenFails('validation.pressureMeter.rtuAddress');
  });

  it('refuses a lower limit that is not below the upper limit', () => {
    given(pressureMeterDecider, [])
      .when({ ...register, lowerLimit: 0.6 })
      .thenFails('validation.pressureMeter.limits');
    given(pressureMeterDecider, [registered])
      .when({ ...change, lowerLimit: 0.7 })
      .thenFails('validation.pressureMeter.limits');
  });

  it('makes a device number a pressure meter once; after a deletion it can be one again', () => {
    given(pressureMeterDecider, [registered]).when(register).thenFails('error.pressureMeter.exists');
    const deleted: PressureMeterEvent = { type: 'PressureMeterDeleted', data: { pressureMeterId } };
    given(pressureMeterDecider, [registered]).when({ type: 'DeletePressureMeter' }).then([deleted]);
    given(pressureMeterDecider, [registered, deleted]).when(register).then([registered]);
    given(pressureMeterDecider, [registered, deleted])
      .when({ type: 'DeletePressureMeter' })
      .thenFails('error.pressureMeter.notFound');
    given(pressureMeterDecider, []).when(change).thenFails('error.pressureMeter.notFound');
  });

  it('changes the fields and limits of a pressure meter', () => {
    given(pressureMeterDecider, [registered])
      .when({ ...change, upperLimit: 0.8, dataSource: 0 })
      .then([
        {
          type: 'PressureMeterChanged',
          data: { pressureMeterId, ...fields, upperLimit: 0.8, dataSource: 0, changedAt: change.changedAt },
        },
      ]);
  });

  it('says every refusal in the four languages', () => {
    for (const key of [
      'validation.pressureMeter.deviceNumber',
      'validation.pressureMeter.rtuAddress',
      'validation.pressureMeter.limits',
      'error.pressureMeter.exists',
      'error.pressureMeter.notFound',
    ] as const) {
      const texts = LANGUAGES.map((language) => translate(key, language));
      expect(new Set(texts).size, key).toBe(4);
    }
    expect(translate('validation.pressureMeter.rtuAddress', 'en')).toBe(
      'The RTU address must be 10 to 20 digits',
    );
  });
});

describe('pressure alarm decider', () => {
  const alarm = {
    alarmId: '0190a000-0000-7000-8000-0000000000a1',
    pressureMeterId,
    kind: 'high',
    day: '2026-11-01',
    at: '2026-11-01T03:00:00.000Z',
    value: 0.7,
    limit: 0.6,
    raisedAt: '2026-11-01T03:05:00.000Z',
  } as const;

  it('raises an alarm once per meter, kind and day', () => {
    const raised = { type: 'PressureAlarmRaised', data: alarm } as const;
    given(pressureAlarmDecider, [])
      .when({ type: 'RaisePressureAlarm', ...alarm })
      .then([raised]);
    given(pressureAlarmDecider, [raised])
      .when({ type: 'RaisePressureAlarm', ...alarm, value: 0.9 })
      .then([]);
    expect(pressureAlarmStreamId(alarm)).toBe(`${pressureMeterId}.high.2026-11-01`);
  });
});
