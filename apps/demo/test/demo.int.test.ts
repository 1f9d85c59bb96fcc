import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Services } from '@hydrolog/api';
import { testEngines } from '@hydrolog/eventstore/testing';
import { allProjections } from '@hydrolog/projections';
import { demoFleet, Simulator } from '@hydrolog/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, injectAs, login, startApi } from '../../api/test/support.ts';
import { billDemoMonths } from '../src/bills.ts';
import { MQTT_DISTRICT, seedDemoDevices, seedDemoFleet, seedDemoPartitions } from '../src/index.ts';

const DAY_MS = 86_400_000;

describe.each(testEngines())('the demo on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  const fleet = demoFleet();
  let keys: Awaited<ReturnType<typeof seedDemoFleet>>;

  beforeAll(async () => {
    // The embedded MQTT broker, as `npm start` runs it: one district's concentrator reports over it.
    ({ app, services } = await startApi(engine, { mqtt: { port: 0, host: '127.0.0.1' } }));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('seeds one partition per demo district: inlet as summary meter, its households as sub-meters, once', async () => {
    keys = await seedDemoFleet(
      services,
      join(mkdtempSync(join(tmpdir(), 'hydrolog-keys-')), 'keys.json'),
      fleet,
    );
    expect(await seedDemoPartitions(services, fleet)).toBe(3);
    expect(await seedDemoPartitions(services, fleet)).toBe(0);
    const list = (await admin('/prod-api/cascade/partition/list')).json();
    expect(list.rows.map((p: { name: string }) => p.name).sort()).toEqual(
      fleet.districts.map((d) => d.name).sort(),
    );
    const first = list.rows.find((p: { name: string }) => p.name === fleet.districts[0]!.name);
    const detail = (await admin(`/prod-api/cascade/partition/${first.partitionId}`)).json().data;
    expect(detail.points[0]).toMatchObject({
      summaryMeter: { meterNo: '9000000001' },
      subMeterCount: fleet.districts[0]!.householdMeterNos.length,
    });
    expect(detail.boundary.type).toBe('Polygon');
    expect(detail.meterPositions).toHaveLength(fleet.districts[0]!.householdMeterNos.length + 1);
  });

  it('seeds a city region with a sub-region per district, and one device of each type in each, once', async () => {
    // Six types are the device page's own; each district's concentrator is the fleet's registered gateway.
    expect(await seedDemoDevices(services, fleet)).toBe(fleet.districts.length * 6);
    expect(await seedDemoDevices(services, fleet)).toBe(0);
    const regions = (await admin('/prod-api/device/region/list')).json().data;
    expect(regions).toHaveLength(fleet.districts.length + 1);
    const devices = (await admin('/prod-api/device/device/list?pageSize=50')).json().rows;
    expect(new Set(devices.map((d: { deviceType: string }) => d.deviceType)).size).toBe(7);
    expect(new Set(devices.map((d: { status: string }) => d.status)).size).toBe(4);
    // A district's flow meter is its inlet meter, so the device screen shows what it reports.
    expect(devices.map((d: { deviceCode: string }) => d.deviceCode)).toContain(
      fleet.districts[0]!.inletMeterNo,
    );
    // The concentrators are the gateway registry's: offline and in no place before they relay a reading.
    const concentrators = devices.filter((d: { deviceType: string }) => d.deviceType === 'concentrator');
    expect(concentrators.map((d: { deviceCode: string }) => d.deviceCode).sort()).toEqual(
      fleet.districts.map((d) => d.gateway.name).sort(),
    );
    expect(concentrators[0]).toMatchObject({ registry: 'concentrators', status: 'offline', longitude: null });
    const screen = (await admin('/prod-api/device/screen')).json().data;
    expect(screen.devices).toHaveLength(fleet.districts.length * 6);
    expect(screen.meters.meterNo.length).toBe(fleet.meters.length);
    expect(screen.partitions).toHaveLength(fleet.districts.length);
  });

  it('seeds a yearly ladder and a flat price scheme, and puts every demo account on one', async () => {
    const schemes = (await admin('/prod-api/business/priceScheme/list')).json().rows;
    expect(schemes.map((s: { name: string; chargingModel: string }) => [s.name, s.chargingModel])).toEqual([
      ['Domestic ladder', 'tiered'],
      ['Flat commercial', 'flat'],
    ]);
    const accounts = (await admin('/prod-api/business/customer/list?pageSize=50')).json();
    const onSchemes = schemes.reduce((sum: number, s: { accountCount: number }) => sum + s.accountCount, 0);
    expect(onSchemes).toBe(accounts.total);
    expect(schemes[1].accountCount).toBeGreaterThan(0);
  });

  it('seeds a surcharge scheme with a personal item bound to two accounts, one postpaid, and a planned debt', async () => {
    const [scheme] = (await admin('/prod-api/business/surcharge/list')).json().rows;
    expect(scheme).toMatchObject({
      name: 'Sewage and meter rent',
      status: '0',
      itemCount: 2,
      accountCount: 2,
    });
    // One of them postpaid, whose bills charge the rent.
    const modes = await services.db.query<{ mode: string }>(
      `SELECT c.account->>'businessMode' AS mode FROM customers c
       JOIN personal_surcharges p ON p.customer_id = c.customer_id ORDER BY 1`,
    );
    expect(modes.rows.map((r) => r.mode)).toContain('postpaid');
    const debts = (await admin('/prod-api/business/debt/list')).json();
    expect(debts.rows).toMatchObject([{ debtAmount: 120, residualDebt: 120, deductions: 6, instalment: 20 }]);
  });

  // One scenario for every read model: the demo seed, its fleet and partitions, then two days of readings
  // uploaded through the gateway protocol.
  it('seeds a walk-by reading plan of household meters for the demo operator', async () => {
    const plans = (await admin('/prod-api/readMeter/walkBy/list')).json().rows;
    expect(plans).toEqual([
      expect.objectContaining({
        name: 'Walk-by round of the week',
        meters: 8,
        readerName: expect.any(String),
      }),
    ]);
  });

  it('seeds a work order in each state, given to the demo operator', async () => {
    const orders = [
      ...(await admin('/prod-api/workOrder/maintenance/list')).json().rows,
      ...(await admin('/prod-api/workOrder/reading/list')).json().rows,
    ];
    expect(orders.map((o: { status: string }) => o.status).sort()).toEqual([
      'cancelled',
      'completed',
      'pending',
      'processing',
    ]);
    expect(orders.every((o: { assigneeName: string; meterNo: string }) => o.assigneeName && o.meterNo)).toBe(
      true,
    );
  });

  it('rebuilds every projection from the log to the rows it holds live (replay --verify)', async () => {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const now = Date.now();
    const simulator = new Simulator(fleet, keys, {
      baseUrl,
      mqtt: { url: `mqtt://127.0.0.1:${app.gatewayMqtt!.port}`, districts: [MQTT_DISTRICT] },
    });
    const sent = await simulator.backfill(new Date(now - 2 * DAY_MS), new Date(now));
    await simulator.stop();
    expect(sent.accepted).toBeGreaterThan(0);
    expect(sent.failedBatches).toBe(0);
    // The MQTT district's readings came in through its concentrator like the others'.
    const overMqtt = await services.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM es.events e
       WHERE e.type = 'ReadingBatchReceived' AND e.data->>'gatewayId' = $1`,
      [keys.get(MQTT_DISTRICT)!.gatewayId],
    );
    expect(overMqtt.rows[0]!.count).toBeGreaterThan(0);
    await services.runner.catchUp('readings');
    // Each concentrator is on the device screen now, online, where the meters it relayed stand.
    const screen = (await admin('/prod-api/device/screen?deviceType=concentrator')).json().data;
    expect(screen.devices).toHaveLength(fleet.districts.length);
    for (const district of fleet.districts) {
      const shown = screen.devices.find(
        (d: { deviceCode: string }) => d.deviceCode === district.gateway.name,
      );
      expect(shown).toMatchObject({ registry: 'concentrators', status: 'online' });
      expect(Math.abs(shown.longitude - district.centre.lng)).toBeLessThan(0.02);
      expect(Math.abs(shown.latitude - district.centre.lat)).toBeLessThan(0.02);
    }
    // The postpaid accounts are billed for the last two months, once however often the demo starts.
    await billDemoMonths(services);
    const count = async () =>
      (
        await services.db.query<{ bills: number; accounts: number }>(
          `SELECT (SELECT count(*)::int FROM bills) AS bills,
             (SELECT count(*)::int FROM customers WHERE account->>'businessMode' = 'postpaid') AS accounts`,
        )
      ).rows[0]!;
    const billed = await count();
    expect(billed.accounts).toBeGreaterThan(0);
    expect(billed.bills).toBe(2 * billed.accounts);
    await billDemoMonths(services);
    expect((await count()).bills).toBe(billed.bills);

    for (const { name } of allProjections) {
      const summary = await services.runner.verify(name);
      expect({ name, equal: summary.equal }).toEqual({ name, equal: true });
    }
    const replayed = await services.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM readings',
    );
    expect(replayed.rows[0]!.count).toBe(sent.accepted);
  });
});
