import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { execute, newGatewayKey, registerMeters, registerMeterType, type Services } from '@hydrolog/api';
import { gatewayDecider } from '@hydrolog/domain';
import { findMeters, withTenant } from '@hydrolog/projections';
import { type EventMetadata, type MeterTypeBody, uuidv7 } from '@hydrolog/schemas';
import {
  demoFleet,
  demoMeterFaults,
  type Fleet,
  type GatewayKeyEntry,
  gatewayKeyMap,
  runDemoFleet,
  type SimulatorMqtt,
} from '@hydrolog/sim';
import { billDemoMonths } from './bills.ts';
import { seedDemoCustomers } from './customers.ts';
import { seedDemoDevices } from './devices.ts';
import { seedDemoPartitions } from './partitions.ts';
import { seedDemoReadingPlans } from './reading-plans.ts';
import { DEMO_TENANT_ID } from './seed.ts';
import { seedDemoWorkOrders } from './work-orders.ts';

/**
 * Days of history the fleet loads on first start: enough to hold the whole month before this one, whatever
 * the day (late on a 31st, its first midnight is almost 62 days back), so that the demo can bill it.
 */
const BACKFILL_DAYS = 62;

/** The demo tenant's meter types, by the fleet's roles and upload patterns. */
const TYPES: Record<'daily' | 'hourly' | 'inlet', MeterTypeBody> = {
  daily: {
    name: 'NB-IoT household (daily upload)',
    billingMode: 'prepaid',
    valveControl: true,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 26 * 60,
  },
  hourly: {
    name: 'LoRaWAN household (hourly)',
    billingMode: 'postpaid',
    valveControl: true,
    communication: 'lorawan',
    cardKind: 'none',
    reportIntervalMinutes: 90,
  },
  inlet: {
    name: 'District inlet (bulk)',
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 90,
  },
};

/**
 * Registers the simulator's fleet in the demo tenant (meter types, meters, one concentrator per district)
 * once, and keeps the concentrators' keys in `keysFile` (the keys are shown once, so this file is the only
 * place they exist). A lost keys file gets new keys for the same concentrators.
 */
export async function seedDemoFleet(services: Services, keysFile: string, fleet: Fleet = demoFleet()) {
  if (existsSync(keysFile)) return gatewayKeyMap(JSON.parse(readFileSync(keysFile, 'utf8')));
  const metadata: EventMetadata = { tenantId: DEMO_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  const known = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    findMeters(
      sql,
      DEMO_TENANT_ID,
      fleet.meters.map((m) => m.meterNo),
    ),
  );
  const missing = fleet.meters.filter((m) => !known.has(m.meterNo));
  if (missing.length > 0) {
    const typeIds = {
      daily: await registerMeterType(services.store, metadata, TYPES.daily),
      hourly: await registerMeterType(services.store, metadata, TYPES.hourly),
      inlet: await registerMeterType(services.store, metadata, TYPES.inlet),
    };
    await registerMeters(
      services.store,
      metadata,
      missing.map((m) => ({
        meterNo: m.meterNo,
        meterTypeId: typeIds[m.role === 'inlet' ? 'inlet' : m.pattern],
        initialReading: m.initialReading,
        lng: m.position.lng,
        lat: m.position.lat,
      })),
      // Installed before the history the fleet loads, so the reading rate of those days counts them.
      { registeredAt: new Date(Date.now() - (BACKFILL_DAYS + 1) * 86_400_000) },
    );
    // Opened when the history begins, so that the months it covers are billed.
    await seedDemoCustomers(services, fleet, new Date(Date.now() - BACKFILL_DAYS * 86_400_000).toISOString());
    await seedDemoWorkOrders(services, fleet);
    await seedDemoReadingPlans(services, fleet);
  }
  const gateways: GatewayKeyEntry[] = [];
  for (const district of fleet.districts) {
    const gatewayId = await existingGateway(services, district.gateway.name);
    const { key, keyHash, keyPrefix } = newGatewayKey();
    const now = new Date().toISOString();
    const id = gatewayId ?? uuidv7();
    await execute(
      services.store,
      gatewayDecider,
      id,
      [
        gatewayId
          ? { type: 'RotateGatewayKey', keyHash, keyPrefix, rotatedAt: now }
          : {
              type: 'RegisterGateway',
              gatewayId: id,
              tenantId: DEMO_TENANT_ID,
              name: district.gateway.name,
              kind: 'concentrator',
              manufacturer: 'Hydrolog simulator',
              keyHash,
              keyPrefix,
              createdAt: now,
            },
      ],
      { metadata },
    );
    gateways.push({ district: district.index, gatewayId: id, key });
  }
  mkdirSync(dirname(keysFile), { recursive: true });
  writeFileSync(keysFile, `${JSON.stringify({ gateways }, null, 2)}\n`, { mode: 0o600 });
  return gatewayKeyMap({ gateways });
}

async function existingGateway(services: Services, name: string): Promise<string | undefined> {
  const { rows } = await services.db.query<{ gateway_id: string }>(
    'SELECT gateway_id::text FROM gateways WHERE tenant_id = $1 AND name = $2',
    [DEMO_TENANT_ID, name],
  );
  return rows[0]?.gateway_id;
}

/** The newest reading of each demo meter: the simulator resumes after it. */
async function lastReadings(services: Services): Promise<Map<string, Date>> {
  const { rows } = await services.db.query<{ meter_no: string; ts: Date }>(
    `SELECT m.meter_no, l.ts FROM meter_latest l JOIN meters m USING (meter_id) WHERE m.tenant_id = $1`,
    [DEMO_TENANT_ID],
  );
  return new Map(rows.map((r) => [r.meter_no, r.ts]));
}

/** The district whose concentrator reports over MQTT when the service has a broker; the others use HTTP. */
export const MQTT_DISTRICT = 2;

/**
 * The living demo of `npm start`: the fleet fills 62 days of history on first start, resumes where it
 * stopped on later starts, then keeps reporting and answering valve commands until `signal` aborts.
 */
export async function startDemoFleet(
  services: Services,
  options: {
    baseUrl: string;
    keysFile: string;
    signal: AbortSignal;
    /** The service's MQTT broker: one district's concentrator reports over it. */
    mqtt?: Omit<SimulatorMqtt, 'districts'> | undefined;
  },
): Promise<Promise<void>> {
  const keys = await seedDemoFleet(services, options.keysFile);
  await seedDemoPartitions(services);
  await seedDemoDevices(services);
  const since = await lastReadings(services);
  return runDemoFleet({
    baseUrl: options.baseUrl,
    keys,
    backfillDays: BACKFILL_DAYS,
    ...(since.size > 0 ? { since } : {}),
    ...(options.mqtt ? { mqtt: { ...options.mqtt, districts: [MQTT_DISTRICT] } } : {}),
    signal: options.signal,
    // A few meters in trouble, so that the alarm pages and the bell have something to show.
    onSimulator: (simulator) => {
      for (const fault of demoMeterFaults(demoFleet(), new Date())) simulator.injectMeterFault(fault);
    },
    onBackfilled: () => billDemoMonths(services),
  });
}
