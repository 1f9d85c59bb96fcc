import { testEngines } from '@hydrolog/eventstore/testing';
import { eventSchemas, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  meterMovesProjection,
  meterRegistryProjection,
  meterReplacementsProjection,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

describe.each(testEngines())('meters projections on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, userId: 'clerk', correlationId: uuidv7() };
  const meterTypeId = uuidv7();
  beforeAll(async () => {
    fx = await projectionsOn(engine, [
      meterRegistryProjection,
      meterReplacementsProjection,
      meterMovesProjection,
    ]);
    const meterType = eventSchemas.MeterTypeCreated.data.parse({
      meterTypeId,
      tenantId,
      name: 'NB-IoT',
      billingMode: 'prepaid',
      valveControl: true,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    await fx.append(`meterType-${meterTypeId}`, [{ type: 'MeterTypeCreated', data: meterType }], metadata);
  });
  afterAll(() => fx.db.close());

  async function registerMeter(meterNo: string): Promise<string> {
    const meterId = uuidv7();
    const data = eventSchemas.MeterRegistered.data.parse({
      meterId,
      tenantId,
      meterNo,
      meterTypeId,
      initialReading: 3.5,
      registeredAt: AT,
    });
    await fx.append(`meter-${meterId}`, [{ type: 'MeterRegistered', data }], metadata);
    return meterId;
  }

  it('devices: a meter type, a meter in a group, a gateway and a valve command', async () => {
    const meterId = await registerMeter('1000000001');
    const [groupId, gatewayId, commandId] = [uuidv7(), uuidv7(), uuidv7()];
    await fx.append(
      `meterGroup-${groupId}`,
      [
        { type: 'MeterGroupCreated', data: { groupId, tenantId, name: 'Block A', createdAt: AT } },
        { type: 'MeterGroupMetersAdded', data: { groupId, meterIds: [meterId] } },
      ],
      metadata,
    );
    await fx.append(
      `gateway-${gatewayId}`,
      [
        {
          type: 'GatewayRegistered',
          data: {
            gatewayId,
            tenantId,
            name: 'North',
            kind: 'concentrator',
            keyHash: 'hash',
            keyPrefix: 'hk_1',
            createdAt: AT,
          },
        },
      ],
      metadata,
    );
    await fx.append(
      `meterCommand-${commandId}`,
      [
        {
          type: 'MeterCommandIssued',
          data: { commandId, meterId, meterNo: '1000000001', kind: 'valveClose', issuedAt: AT },
        },
      ],
      metadata,
    );
    expect(await fx.rows('SELECT name, valve_control FROM meter_types')).toEqual([
      { name: 'NB-IoT', valve_control: true },
    ]);
    expect(
      await fx.rows('SELECT meter_no, meter_type_id::text, initial_reading FROM meters WHERE meter_id = $1', [
        meterId,
      ]),
    ).toEqual([{ meter_no: '1000000001', meter_type_id: meterTypeId, initial_reading: 3.5 }]);
    expect(await fx.rows('SELECT name FROM meter_groups')).toEqual([{ name: 'Block A' }]);
    expect(await fx.rows('SELECT group_id::text, meter_id::text FROM meter_group_members')).toEqual([
      { group_id: groupId, meter_id: meterId },
    ]);
    expect(await fx.rows('SELECT name, kind, key_prefix FROM gateways')).toEqual([
      { name: 'North', kind: 'concentrator', key_prefix: 'hk_1' },
    ]);
    expect(await fx.rows('SELECT meter_no, kind, status FROM meter_commands')).toEqual([
      { meter_no: '1000000001', kind: 'valveClose', status: 'sending' },
    ]);
  });

  it("devices: a failed command keeps why, the gateway's answer or a timeout with or without a gateway", async () => {
    const meterId = await registerMeter('1000000009');
    const gatewayId = uuidv7();
    const later = '2026-03-01T08:05:00.000Z';
    const sent = (commandId: string) =>
      ({
        type: 'MeterCommandSent',
        data: { commandId, gatewayId, sentAt: AT, deadline: later },
      }) as const;
    const [refused, unanswered, uncollected] = [uuidv7(), uuidv7(), uuidv7()];
    for (const [commandId, events] of [
      [
        refused,
        [
          sent(refused),
          {
            type: 'MeterCommandAcknowledged',
            data: {
              commandId: refused,
              gatewayId,
              status: 'fail',
              detail: 'motor jammed',
              at: later,
              result: 'fail',
            },
          },
        ],
      ],
      [
        unanswered,
        [
          sent(unanswered),
          { type: 'MeterCommandTimedOut', data: { commandId: unanswered, at: later, result: 'fail' } },
        ],
      ],
      [
        uncollected,
        [{ type: 'MeterCommandTimedOut', data: { commandId: uncollected, at: later, result: 'fail' } }],
      ],
    ] as const) {
      await fx.append(
        `meterCommand-${commandId}`,
        [
          {
            type: 'MeterCommandIssued',
            data: { commandId, meterId, meterNo: '1000000009', kind: 'valveClose', issuedAt: AT },
          },
          ...events,
        ],
        metadata,
      );
    }
    expect(
      await fx.rows(
        'SELECT command_id::text, status, failure, detail, open FROM meter_commands WHERE meter_id = $1 ORDER BY failure',
        [meterId],
      ),
    ).toEqual([
      { command_id: refused, status: 'fail', failure: 'gatewayFail', detail: 'motor jammed', open: false },
      { command_id: unanswered, status: 'fail', failure: 'noAck', detail: null, open: false },
      { command_id: uncollected, status: 'fail', failure: 'notPickedUp', detail: null, open: false },
    ]);
  });

  it('meter replacements: one row per replaced meter, with the account it moved', async () => {
    const [oldMeterId, newMeterId, customerId] = [await registerMeter('1000000002'), uuidv7(), uuidv7()];
    await fx.append(
      `meter-${oldMeterId}`,
      [
        {
          type: 'MeterReplaced',
          data: {
            oldMeterId,
            newMeterId,
            oldMeterNo: '1000000002',
            newMeterNo: '1000000003',
            customerId,
            accountNo: 'A-0002',
            lastReadTime: AT,
            recentReading: 12.25,
            newInitialReading: 0,
            reason: 'broken',
            replacedAt: AT,
          },
        },
      ],
      metadata,
    );
    expect(
      await fx.rows(
        'SELECT new_meter_no, customer_id::text, account_no, recent_reading, operator_id FROM meter_replacements',
      ),
    ).toEqual([
      {
        new_meter_no: '1000000003',
        customer_id: customerId,
        account_no: 'A-0002',
        recent_reading: 12.25,
        operator_id: 'clerk',
      },
    ]);
  });

  it('meter moves: a move is recorded and the meter changes tenant', async () => {
    const meterId = await registerMeter('1000000004');
    const [toTenantId, toMeterTypeId] = [uuidv7(), uuidv7()];
    const moved = {
      meterId,
      meterNo: '1000000004',
      fromTenantId: tenantId,
      toTenantId,
      fromMeterTypeId: meterTypeId,
      meterTypeId: toMeterTypeId,
      customerId: null,
      customerTypeId: null,
      accountNo: null,
      customerName: null,
      address: null,
      phone: null,
      reason: 'sold',
      adminContact: null,
      movedAt: AT,
    };
    await fx.append(`meter-${meterId}`, [{ type: 'MeterMoved', data: moved }], metadata);
    expect(
      await fx.rows('SELECT meter_no, from_tenant_id::text, to_tenant_id::text, reason FROM meter_moves'),
    ).toEqual([
      { meter_no: '1000000004', from_tenant_id: tenantId, to_tenant_id: toTenantId, reason: 'sold' },
    ]);
    expect(
      await fx.rows('SELECT tenant_id::text, meter_type_id::text FROM meters WHERE meter_id = $1', [meterId]),
    ).toEqual([{ tenant_id: toTenantId, meter_type_id: toMeterTypeId }]);
  });
});
