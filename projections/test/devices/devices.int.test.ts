import { testEngines } from '@hydrolog/eventstore/testing';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cascadeProjection,
  deviceRegions,
  devicesInRegion,
  devicesProjection,
  getDevice,
  getFlowMeter,
  getPressureMeter,
  listDevices,
  listFlowMeters,
  listPressureAlarms,
  listPressureMeters,
  meterRegistryProjection,
  pressureAnalysis,
  pressureFindings,
  pressureTrend,
  readingsProjection,
  tenantsProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

describe.each(testEngines())('devices projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [
      tenantsProjection,
      meterRegistryProjection,
      readingsProjection,
      cascadeProjection,
      devicesProjection,
    ]);
  });
  afterAll(() => fx.db.close());

  it('keeps a flow meter with its meter type and latest values; a change and a deletion follow; rebuilds alike', async () => {
    const meterTypeId = uuidv7();
    const flowMeterId = uuidv7();
    const gatewayId = uuidv7();
    await fx.append(
      `meterType-${meterTypeId}`,
      [
        {
          type: 'MeterTypeCreated',
          data: {
            meterTypeId,
            tenantId,
            name: 'District DN200',
            billingMode: 'postpaid',
            valveControl: false,
            communication: 'nbiot',
            cardKind: 'none',
            reportIntervalMinutes: 15,
          },
        },
      ],
      metadata,
    );
    await fx.append(
      `meter-${flowMeterId}`,
      [
        {
          type: 'MeterRegistered',
          data: {
            meterId: flowMeterId,
            tenantId,
            meterNo: '12345678901',
            meterTypeId,
            initialReading: 0,
            registeredAt: AT,
          },
        },
      ],
      metadata,
    );
    const fields = {
      kind: 'district',
      rtuAddress: '1234567890',
      installationPosition: 'North inlet',
      caliber: 200,
      manufacturer: 'Acme',
      communicationMode: 'nbiot',
      powerSupplyMode: 'mains',
      dailyFreeze: true,
    } as const;
    const registered: EventData<'FlowMeterRegistered'> = {
      flowMeterId,
      tenantId,
      meterAddress: '12345678901',
      ...fields,
      createdAt: AT,
    };
    await fx.append(
      `flowMeter-${flowMeterId}`,
      [{ type: 'FlowMeterRegistered', data: registered }],
      metadata,
    );
    const read = () => withTenant(fx.db, tenantId, (sql) => getFlowMeter(sql, flowMeterId));
    expect(await read()).toMatchObject({
      ...fields,
      meterTypeName: 'District DN200',
      latest: null,
      updateTime: null,
    });

    await fx.append(
      `readings-${uuidv7()}`,
      [
        {
          type: 'ReadingsReported',
          data: {
            batchId: uuidv7(),
            gatewayId,
            meters: [
              {
                meterId: flowMeterId,
                readings: [
                  { ts: '2026-03-01T07:00:00.000Z', total: 100, flow: 40 },
                  {
                    ts: '2026-03-01T07:15:00.000Z',
                    total: 110,
                    reverseTotal: 0.5,
                    flow: 42.5,
                    pressure: 0.31,
                    pressure2: 0.28,
                    battery: 3.6,
                    signal: -71,
                  },
                ],
              },
            ],
          },
        },
      ],
      metadata,
    );
    await fx.runner.catchUp('readings');
    expect((await read())?.latest).toEqual({
      collectionTime: '2026-03-01T07:15:00.000Z',
      instantaneousFlow: 42.5,
      forwardTotal: 110,
      reverseTotal: 0.5,
      pressure1: 0.31,
      pressure2: 0.28,
      battery: 3.6,
      signal: -71,
    });

    await fx.append(
      `flowMeter-${flowMeterId}`,
      [{ type: 'FlowMeterChanged', data: { flowMeterId, ...fields, kind: 'bulk', changedAt: AT } }],
      metadata,
    );
    const list = (query: object) =>
      withTenant(fx.db, tenantId, (sql) => listFlowMeters(sql, { pageNum: 1, pageSize: 10, ...query }));
    expect((await list({ kind: 'bulk', address: '4567890' })).rows.map((r) => r.flowMeterId)).toEqual([
      flowMeterId,
    ]);
    expect((await list({ kind: 'district' })).total).toBe(0);
    expect(await withTenant(fx.db, uuidv7(), (sql) => getFlowMeter(sql, flowMeterId))).toBeNull();
    expect((await fx.runner.verify('devices')).equal).toBe(true);

    await fx.append(
      `flowMeter-${flowMeterId}`,
      [{ type: 'FlowMeterDeleted', data: { flowMeterId } }],
      metadata,
    );
    expect(await fx.rows('SELECT * FROM flow_meters')).toEqual([]);
  });

  it('keeps a pressure meter with its latest pressure and state from its limits; analyses a day and a trend; rebuilds alike', async () => {
    const meterTypeId = uuidv7();
    const pressureMeterId = uuidv7();
    await fx.append(
      `meterType-${meterTypeId}`,
      [
        {
          type: 'MeterTypeCreated',
          data: {
            meterTypeId,
            tenantId,
            name: 'Pressure logger',
            billingMode: 'postpaid',
            valveControl: false,
            communication: 'nbiot',
            cardKind: 'none',
            reportIntervalMinutes: 15,
          },
        },
      ],
      metadata,
    );
    const meterRegistered = { meterId: pressureMeterId, tenantId, meterNo: '98765', meterTypeId };
    await fx.append(
      `meter-${pressureMeterId}`,
      [{ type: 'MeterRegistered', data: { ...meterRegistered, initialReading: 0, registeredAt: AT } }],
      metadata,
    );
    const fields = {
      monitoringSite: 'Hill outlet',
      rtuAddress: '123456789012',
      sensorNumber: '',
      dataSource: 0,
      communicationMode: 'nbiot',
      powerSupplyMode: 'battery',
      upperLimit: 0.5,
      lowerLimit: 0.2,
      longitude: 106.8,
      latitude: -6.2,
      address: 'Jl. Bukit 2',
      installationTime: '2026-02-01',
    } as const;
    await fx.append(
      `pressureMeter-${pressureMeterId}`,
      [
        {
          type: 'PressureMeterRegistered',
          data: { pressureMeterId, tenantId, deviceNumber: '98765', ...fields, createdAt: AT },
        },
      ],
      metadata,
    );
    const read = () => withTenant(fx.db, tenantId, (sql) => getPressureMeter(sql, pressureMeterId));
    expect(await read()).toMatchObject({ ...fields, meterTypeName: 'Pressure logger', state: 'unknown' });

    // 0.3 for an hour, 0.6 (above the upper limit) for 30 minutes, then 0.4 until the day's end.
    await fx.append(
      `readings-${uuidv7()}`,
      [
        {
          type: 'ReadingsReported',
          data: {
            batchId: uuidv7(),
            gatewayId: uuidv7(),
            meters: [
              {
                meterId: pressureMeterId,
                readings: [
                  { ts: '2026-03-01T06:00:00.000Z', total: 0, pressure: 0.3 },
                  { ts: '2026-03-01T07:00:00.000Z', total: 0, pressure: 0.6 },
                  { ts: '2026-03-01T07:30:00.000Z', total: 0, pressure: 0.4 },
                ],
              },
            ],
          },
        },
      ],
      metadata,
    );
    await fx.runner.catchUp('readings');
    expect(await read()).toMatchObject({ pressure: 0.4, state: 'normal' });
    const list = (query: object) =>
      withTenant(fx.db, tenantId, (sql) => listPressureMeters(sql, { pageNum: 1, pageSize: 10, ...query }));
    expect((await list({ state: 'normal', deviceNumber: '876' })).total).toBe(1);
    expect((await list({ state: 'alarm' })).total).toBe(0);

    const meter = { pressureMeterId, upperLimit: 0.5, lowerLimit: 0.2 };
    const analysis = await withTenant(fx.db, tenantId, (sql) =>
      pressureAnalysis(
        sql,
        meter,
        '2026-03-01',
        'UTC',
        new Date('2026-03-01T00:00:00Z'),
        new Date('2026-03-02T00:00:00Z'),
      ),
    );
    expect(analysis).toMatchObject({
      timeZone: 'UTC',
      min: 0.3,
      max: 0.6,
      mean: 0.433,
      minutesOutOfRange: 30,
    });
    expect(analysis.points).toHaveLength(3);
    const trend = await withTenant(fx.db, tenantId, (sql) =>
      pressureTrend(sql, meter, '2026-03-02', 7, 'UTC'),
    );
    expect(trend.days).toHaveLength(7);
    expect(trend.days.at(-2)).toEqual({ day: '2026-03-01', min: 0.3, max: 0.6, mean: 0.433 });
    expect(trend.days.at(-1)).toEqual({ day: '2026-03-02', min: null, max: null, mean: null });

    await fx.append(
      `pressureMeter-${pressureMeterId}`,
      [
        {
          type: 'PressureMeterChanged',
          data: { pressureMeterId, ...fields, upperLimit: 0.35, changedAt: AT },
        },
      ],
      metadata,
    );
    expect(await read()).toMatchObject({ upperLimit: 0.35, state: 'alarm' });
    expect(await withTenant(fx.db, uuidv7(), (sql) => getPressureMeter(sql, pressureMeterId))).toBeNull();
    const findings = await withTenant(fx.db, tenantId, (sql) =>
      pressureFindings(sql, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-02T00:00:00Z')),
    );
    expect(findings.map((f) => [f.kind, f.at, f.value]).sort()).toEqual([
      ['abrupt', '2026-03-01T07:00:00.000Z', 0.3],
      ['high', '2026-03-01T07:00:00.000Z', 0.6],
    ]);
    const alarm = { alarmId: uuidv7(), day: '2026-03-01', raisedAt: AT, ...findings[1]! };
    await fx.append(`pressureAlarm-${uuidv7()}`, [{ type: 'PressureAlarmRaised', data: alarm }], metadata);
    const alarms = await withTenant(fx.db, tenantId, (sql) =>
      listPressureAlarms(sql, { pageNum: 1, pageSize: 10 }),
    );
    expect(alarms.rows).toEqual([{ ...alarm, deviceNumber: '98765', monitoringSite: 'Hill outlet' }]);
    expect((await fx.runner.verify('devices')).equal).toBe(true);

    await fx.append(
      `pressureMeter-${pressureMeterId}`,
      [{ type: 'PressureMeterDeleted', data: { pressureMeterId } }],
      metadata,
    );
    expect(await fx.rows('SELECT * FROM pressure_meters')).toEqual([]);
  });

  it('keeps devices under the regions of their tenant; a save changes one whole; rebuilds alike', async () => {
    const north = uuidv7();
    const east = uuidv7();
    const deviceId = uuidv7();
    await fx.append(
      `deviceRegion-${north}`,
      [
        {
          type: 'DeviceRegionSaved',
          data: { regionId: north, parentId: null, regionName: 'North', orderNum: 0 },
        },
      ],
      metadata,
    );
    await fx.append(
      `deviceRegion-${east}`,
      [
        {
          type: 'DeviceRegionSaved',
          data: { regionId: east, parentId: north, regionName: 'East', orderNum: 1 },
        },
      ],
      metadata,
    );
    const device = {
      deviceId,
      deviceCode: 'V-01',
      deviceName: 'Valve one',
      deviceType: 'valveControl',
      status: 'installed',
      manufacturer: 'Acme',
      address: 'Main road',
      longitude: 120.1,
      latitude: 30.2,
      mapType: 1,
      regionId: east,
      savedAt: AT,
    } as const;
    await fx.append(`device-${deviceId}`, [{ type: 'DeviceSaved', data: device }], metadata);
    await fx.append(
      `device-${deviceId}`,
      [{ type: 'DeviceSaved', data: { ...device, status: 'online', savedAt: '2026-03-02T08:00:00.000Z' } }],
      metadata,
    );
    const read = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(fx.db, tenantId, work);
    expect(await read((sql) => getDevice(sql, deviceId))).toMatchObject({
      status: 'online',
      regionName: 'East',
      mapType: 1,
      createTime: AT,
      updateTime: '2026-03-02T08:00:00.000Z',
      version: 1,
    });
    const inNorth = await read((sql) => listDevices(sql, { pageNum: 1, pageSize: 10, regionId: north }));
    expect(inNorth.rows.map((r) => r.deviceId)).toEqual([deviceId]);
    expect(await read((sql) => devicesInRegion(sql, east))).toBe(1);
    expect((await read((sql) => deviceRegions.get(sql, north)))?.childCount).toBe(1);
    expect(await read((sql) => deviceRegions.isOrBelow(sql, north, east))).toBe(true);
    expect(await withTenant(fx.db, uuidv7(), (sql) => getDevice(sql, deviceId))).toBeNull();
    expect((await fx.runner.verify('devices')).equal).toBe(true);
    await fx.append(`device-${deviceId}`, [{ type: 'DeviceDeleted', data: { deviceId } }], metadata);
    expect(await fx.rows('SELECT * FROM devices')).toEqual([]);
  });
});
