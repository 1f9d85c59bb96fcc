// The real service started in-process for benchmarks: Fastify on a loopback port.

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildApp,
  execute,
  type IngestSettings,
  keepHeapNearLive,
  newGatewayKey,
  registerMeters,
  registerMeterType,
  type Services,
} from '@hydrolog/api';
import { gatewayDecider, tenantDecider } from '@hydrolog/domain';
import { type Database, SqlEventStore } from '@hydrolog/eventstore';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import { tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
// apps/api has no package entry point yet: its modules are imported by path (it is a workspace dependency).

export interface RunningService {
  services: Services;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  /** mqtt://127.0.0.1:<port> of the embedded broker, when asked for. */
  mqttUrl: string | null;
  close(): Promise<void>;
}

/** Services on a database the caller opened, the way openServices builds them, async projections following. */
export async function servicesOn(db: Database): Promise<Services> {
  const store = await SqlEventStore.open(db);
  const runner = new ProjectionRunner(db, store, allProjections);
  await runner.start({ follow: true });
  return {
    db,
    store,
    runner,
    async close() {
      await runner.stop();
      await db.close();
    },
  };
}

/**
 * The Fastify app of the services listening on 127.0.0.1 (a free port), without the web app or demo data,
 * in a heap kept as serve keeps it; with `mqtt`, its embedded MQTT broker on another free port.
 */
export async function listen(
  services: Services,
  ingest: IngestSettings,
  options: { mqtt?: boolean } = {},
): Promise<RunningService> {
  keepHeapNearLive();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'hydrolog-bench-uploads-'));
  const app = await buildApp(services, {
    logLevel: 'warn',
    uploadsDir,
    ingest,
    ...(options.mqtt ? { mqtt: { port: 0, host: '127.0.0.1' } } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    services,
    app,
    url: `http://127.0.0.1:${port}`,
    mqttUrl: app.gatewayMqtt?.port ? `mqtt://127.0.0.1:${app.gatewayMqtt.port}` : null,
    async close() {
      await app.close();
      await services.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface Fleet {
  tenantId: string;
  /** meter id by meter number */
  meterIds: Map<string, string>;
  gatewayId: string;
  gatewayKey: string;
}

/**
 * A utility tenant (created through the tenant decider, as the seed does), one meter type, the meters, and
 * a gateway with a fresh key (through the gateway decider, as POST /prod-api/ingest/gateway does).
 */
export async function registerFleet(
  services: Services,
  options: { name: string; timeZone: string; meterNos: readonly string[]; reportIntervalMinutes?: number },
): Promise<Fleet> {
  const tenantId = uuidv7();
  const metadata = { tenantId, userId: 'benchmark', correlationId: uuidv7() };
  const now = new Date().toISOString();
  await execute(
    services.store,
    tenantDecider,
    tenantId,
    [
      {
        type: 'CreateTenant',
        tenantId,
        name: options.name,
        kind: 'utility',
        trial: false,
        createdAt: now,
        settings: tenantSettingsSchema.parse({ timeZone: options.timeZone }),
      },
    ],
    { metadata },
  );
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: 'Household meter',
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: options.reportIntervalMinutes ?? 60,
  });
  const meterIds = new Map<string, string>();
  // Registered 1,000 per append, as an import would.
  for (let i = 0; i < options.meterNos.length; i += 1000) {
    const nos = options.meterNos.slice(i, i + 1000);
    const ids = await registerMeters(
      services.store,
      metadata,
      nos.map((meterNo) => ({ meterNo, meterTypeId })),
    );
    for (const [k, no] of nos.entries()) meterIds.set(no, ids[k]!);
  }
  const gatewayId = uuidv7();
  const { key, keyHash, keyPrefix } = newGatewayKey();
  await execute(
    services.store,
    gatewayDecider,
    gatewayId,
    [
      {
        type: 'RegisterGateway',
        gatewayId,
        tenantId,
        name: 'Benchmark concentrator',
        kind: 'concentrator',
        keyHash,
        keyPrefix,
        createdAt: now,
      },
    ],
    { metadata },
  );
  return { tenantId, meterIds, gatewayId, gatewayKey: key };
}

/**
 * Waits until the readings projection has applied the whole log (lag 0, live). Polls the bounded backlog
 * count (one index probe) rather than the lag, which counts the whole backlog on every call.
 */
export async function readingsCaughtUp(services: Services, pollMs = 100): Promise<void> {
  for (;;) {
    if ((await services.runner.backlog('readings', 1)) === 0) {
      const state = await services.runner.state('readings');
      if (state.lag === 0 && state.status === 'live') return;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** The columns of meter_hourly a benchmark COPYs its hours into, as the readings projection writes them. */
export const METER_HOURLY_COLUMNS = [
  'tenant_id',
  'meter_id',
  'hour',
  'hour_end',
  'volume',
  'reverse_volume',
  'start_known',
  'end_known',
  'coverage',
  'regular',
] as const;
