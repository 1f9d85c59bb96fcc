import { testEngines } from '@hydrolog/eventstore/testing';
import { type DomainEvent, eventSchemas, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cascadeProjection,
  countersAround,
  getReadingPlan,
  listManualReadings,
  listReadingPlans,
  manualReadingsProjection,
  meterRegistryProjection,
  readingPlansProjection,
  readingsProjection,
  usersProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const PAGE = { pageNum: 1, pageSize: 10 };
const AT = '2026-11-01T00:00:00.000Z';

describe.each(testEngines())('manual readings and reading plans projections on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = uuidv7();
  const reader = uuidv7();
  const meters = [uuidv7(), uuidv7()] as const;
  const planId = uuidv7();

  const manual = (meterId: string, ts: string, total: number): DomainEvent => ({
    type: 'ManualReadingEntered',
    data: {
      readingId: uuidv7(),
      meterId,
      source: 'manual',
      readings: [{ ts, total }],
      reset: false,
      photoUrl: null,
      planId,
      remark: '',
      by: reader,
      at: ts,
    },
  });

  beforeAll(async () => {
    fx = await projectionsOn(engine, [
      usersProjection,
      meterRegistryProjection,
      readingsProjection,
      cascadeProjection,
      manualReadingsProjection,
      readingPlansProjection,
    ]);
    const meterType = eventSchemas.MeterTypeCreated.data.parse({
      meterTypeId,
      tenantId,
      name: 'Walk-by',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    await fx.append(`meterType-${meterTypeId}`, [{ type: 'MeterTypeCreated', data: meterType }], metadata);
    for (const [i, meterId] of meters.entries()) {
      const data = eventSchemas.MeterRegistered.data.parse({
        meterId,
        tenantId,
        meterNo: `66000${i + 1}`,
        meterTypeId,
        registeredAt: AT,
      });
      await fx.append(`meter-${meterId}`, [{ type: 'MeterRegistered', data }], metadata);
    }
  });
  afterAll(() => fx.db.close());

  it("counts a plan's meters read in its window from the stored readings, keeps manual ones listed, and rebuilds the same", async () => {
    await fx.append(
      `readingPlan-${planId}`,
      [
        {
          type: 'ReadingPlanCreated',
          data: {
            planId,
            name: 'November round',
            readerId: reader,
            startDate: '2026-11-02',
            endDate: '2026-11-05',
            groupId: null,
            meterIds: [...meters],
            by: reader,
            at: AT,
          },
        },
      ],
      metadata,
    );
    // Read before the window, then in it.
    await fx.append(
      `manualReading-${meters[0]}`,
      [manual(meters[0], '2026-11-01T10:00:00.000Z', 5)],
      metadata,
    );
    await fx.append(
      `manualReading-${meters[1]}`,
      [manual(meters[1], '2026-11-03T10:00:00.000Z', 8)],
      metadata,
    );
    await fx.runner.catchUp('readings');

    const plan = await withTenant(fx.db, tenantId, (sql) => getReadingPlan(sql, planId, '2026-11-06'));
    expect(plan).toMatchObject({ meters: 2, read: 1, unread: 1, overdue: true });
    expect(plan?.meterList.map((m) => [m.meterNo, m.read, m.total])).toEqual([
      ['660001', false, null],
      ['660002', true, 8],
    ]);
    const listed = await withTenant(fx.db, tenantId, (sql) =>
      listReadingPlans(sql, { ...PAGE, readerId: reader, today: '2026-11-04' }),
    );
    expect(listed.rows.map((p) => [p.name, p.overdue])).toEqual([['November round', false]]);

    const manualRows = await withTenant(fx.db, tenantId, (sql) =>
      listManualReadings(sql, { ...PAGE, planId }),
    );
    expect(manualRows.rows.map((r) => [r.meterNo, r.total])).toEqual([
      ['660002', 8],
      ['660001', 5],
    ]);
    expect(
      await withTenant(fx.db, tenantId, (sql) => countersAround(sql, meters[0], '2026-11-01T09:00:00.000Z')),
    ).toEqual({ duplicate: false, previous: null, next: { ts: '2026-11-01T10:00:00.000Z', total: 5 } });

    // Another tenant sees none of it.
    expect(await withTenant(fx.db, uuidv7(), (sql) => getReadingPlan(sql, planId, '2026-11-06'))).toBeNull();
    expect((await withTenant(fx.db, uuidv7(), (sql) => listManualReadings(sql, PAGE))).total).toBe(0);

    expect((await fx.runner.verify('manualReadings')).equal).toBe(true);
    expect((await fx.runner.verify('readingPlans')).equal).toBe(true);

    await fx.append(
      `readingPlan-${planId}`,
      [{ type: 'ReadingPlanDeleted', data: { planId, by: reader, at: AT } }],
      metadata,
    );
    expect(await withTenant(fx.db, tenantId, (sql) => getReadingPlan(sql, planId, '2026-11-06'))).toBeNull();
  });
});
