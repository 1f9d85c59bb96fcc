import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Services } from '@hydrolog/api';
import { testEngines } from '@hydrolog/eventstore/testing';
import { demoFleet } from '@hydrolog/sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, injectAs, login, startApi } from '../../api/test/support.ts';
import { seedDemoFleet, seedDemoPartitions } from '../src/index.ts';

describe.each(testEngines())('the demo partitions on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('seeds one partition per demo district: inlet as summary meter, its households as sub-meters, once', async () => {
    const fleet = demoFleet();
    await seedDemoFleet(services, join(mkdtempSync(join(tmpdir(), 'hydrolog-keys-')), 'keys.json'), fleet);
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
});
