import { LANGUAGES } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import { describe, expect, it } from 'vitest';
import { type FlowMeterCommand, type FlowMeterEvent, flowMeterDecider } from '../../src/devices/index.ts';
import { given } from '../spec.ts';

const flowMeterId = '0190a000-0000-7000-8000-0000000000f1';
const fields = {
  kind: 'district',
  rtuAddress: '1234567890',
  installationPosition: 'North inlet',
  caliber: 200,
  manufacturer: 'Acme',
  communicationMode: 'nbiot',
  powerSupplyMode: 'battery',
  dailyFreeze: true,
} as const;
const register = {
  type: 'RegisterFlowMeter',
  flowMeterId,
  tenantId: '0190a000-0000-7000-8000-000000000001',
  meterAddress: '12345678901',
  ...fields,
  createdAt: '2026-11-01T00:00:00.000Z',
} as const satisfies FlowMeterCommand;
const registered: FlowMeterEvent = {
  type: 'FlowMeterRegistered',
  data: (({ type: _, ...data }) => data)(register),
};
const change = { type: 'ChangeFlowMeter', ...fields, changedAt: '2026-11-02T00:00:00.000Z' } as const;

describe('flow meter decider', () => {
  it('registers a flow meter with a 10-digit RTU address code and an 11 to 13-digit meter address', () => {
    given(flowMeterDecider, []).when(register).then([registered]);
    given(flowMeterDecider, [])
      .when({ ...register, meterAddress: '1234567890123' })
      .thenMatches([{ type: 'FlowMeterRegistered', data: { meterAddress: '1234567890123' } }]);
  });

  it('refuses an RTU address code that is not exactly 10 digits, on registration and on a change', () => {
    for (const rtuAddress of ['123456789', '12345678901', '12345678a0'])
      given(flowMeterDecider, [])
        .when({ ...register, rtuAddress })
        .thenFails('validation.flowMeter.rtuAddress');
    given(flowMeterDecider, [registered])
      .when({ ...change, rtuAddress: '123' })
      .thenFails('validation.flowMeter.rtuAddress');
  });

  it('refuses a meter address of fewer than 11 or more than 13 digits', () => {
    for (const meterAddress of ['1234567890', '12345678901234', '1234567890x'])
      given(flowMeterDecider, [])
        .when({ ...register, meterAddress })
        .thenFails('validation.flowMeter.meterAddress');
  });

  it('makes a meter a flow meter once; after a deletion it can be one again', () => {
    given(flowMeterDecider, [registered]).when(register).thenFails('error.flowMeter.exists');
    const deleted: FlowMeterEvent = { type: 'FlowMeterDeleted', data: { flowMeterId } };
    given(flowMeterDecider, [registered]).when({ type: 'DeleteFlowMeter' }).then([deleted]);
    given(flowMeterDecider, [registered, deleted]).when(register).then([registered]);
    given(flowMeterDecider, [registered, deleted])
      .when({ type: 'DeleteFlowMeter' })
      .thenFails('error.flowMeter.notFound');
    given(flowMeterDecider, []).when(change).thenFails('error.flowMeter.notFound');
  });

  it('changes the device fields of a flow meter', () => {
    given(flowMeterDecider, [registered])
      .when({ ...change, kind: 'bulk', dailyFreeze: false })
      .then([
        {
          type: 'FlowMeterChanged',
          data: { flowMeterId, ...fields, kind: 'bulk', dailyFreeze: false, changedAt: change.changedAt },
        },
      ]);
  });

  it('says every refusal in the four languages', () => {
    for (const key of [
      'validation.flowMeter.rtuAddress',
      'validation.flowMeter.meterAddress',
      'error.flowMeter.exists',
      'error.flowMeter.notFound',
    ] as const) {
      const texts = LANGUAGES.map((language) => translate(key, language));
      expect(new Set(texts).size, key).toBe(4);
    }
    expect(translate('validation.flowMeter.rtuAddress', 'en')).toBe(
      'The RTU address code must be exactly 10 digits',
    );
  });
});
