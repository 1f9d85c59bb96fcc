import { describe, it } from 'vitest';
import {
  type CascadeAlarmEvent,
  type CascadeEvent,
  cascadeAlarmDecider,
  cascadeCalendarDecider,
  cascadeDecider,
} from '../../src/cascade/index.ts';
import { given } from '../spec.ts';

const partitionId = '0190a000-0000-7000-8000-00000000c001';
const id = (n: number) => `0190a000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;
const meter = (n: number) => ({
  meterId: `0190a000-0000-7000-8000-0000000d00${String(n).padStart(2, '0')}`,
  meterNo: `100${n}`,
});
/** The meter as a sub-meter may take it: opened, on an account that is not cancelled. */
const opened = (n: number) => ({ ...meter(n), opened: true });
const thresholds = { leakageRate: 0.2, mnf: 1.5, kl: 0.3 };
const fields = (pointId: string, name: string) => ({
  pointId,
  name,
  leaderName: 'Li Wei',
  leaderPhone: '13800000000',
  thresholds,
});

const created: CascadeEvent = {
  type: 'CascadePartitionCreated',
  data: {
    partitionId,
    tenantId: '0190a000-0000-7000-8000-000000000001',
    ...fields(id(1), 'North'),
    boundary: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
};
const added = (pointId: string, parentId: string, level: number): CascadeEvent => ({
  type: 'CascadePointAdded',
  data: { partitionId, parentId, level, ...fields(pointId, `P${level}`) },
});

describe('cascade partition decider', () => {
  it('adds a point under its superior point one level down', () => {
    given(cascadeDecider, [created])
      .when({ type: 'AddPoint', parentId: id(1), ...fields(id(2), 'P2') })
      .then([added(id(2), id(1), 2)]);
  });

  it("refuses a sixth level: 'Cascade layers cannot exceed five'", () => {
    const chain = [
      created,
      added(id(2), id(1), 2),
      added(id(3), id(2), 3),
      added(id(4), id(3), 4),
      added(id(5), id(4), 5),
    ];
    given(cascadeDecider, chain)
      .when({ type: 'AddPoint', parentId: id(5), ...fields(id(6), 'P6') })
      .thenFails('error.cascade.layers');
    given(cascadeDecider, chain)
      .when({ type: 'AddPoint', parentId: id(4), ...fields(id(6), 'P5b') })
      .thenMatches([{ type: 'CascadePointAdded' }]);
  });

  it('refuses a superior point that is not in the partition', () => {
    given(cascadeDecider, [created])
      .when({ type: 'AddPoint', parentId: id(9), ...fields(id(2), 'P2') })
      .thenFails('error.cascade.pointNotFound');
  });

  it('removes the root only with the partition', () => {
    given(cascadeDecider, [created])
      .when({ type: 'DeletePoints', pointIds: [id(1)] })
      .thenFails('error.cascade.rootDelete');
    given(cascadeDecider, [created])
      .when({ type: 'DeletePartition', deletedAt: '2026-11-02T00:00:00.000Z' })
      .then([
        { type: 'CascadePartitionDeleted', data: { partitionId, deletedAt: '2026-11-02T00:00:00.000Z' } },
      ]);
  });

  it("changes the root's leader and thresholds as the partition's, keeping its boundary", () => {
    const boundary = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [120, 30],
          [120.01, 30],
          [120.01, 30.01],
          [120, 30],
        ] as [number, number][],
      ],
    };
    const drawn: CascadeEvent = {
      type: 'CascadePartitionChanged',
      data: { partitionId, ...fields(id(1), 'North'), boundary },
    };
    const change = {
      ...fields(id(1), 'North'),
      leaderName: 'Zhao Min',
      thresholds: { ...thresholds, kl: 0.8 },
    };
    given(cascadeDecider, [created, drawn])
      .when({ type: 'ChangePoint', ...change })
      .then([{ type: 'CascadePartitionChanged', data: { partitionId, ...change, boundary } }]);
    // Any other point changes on its own.
    const below = { ...fields(id(2), 'P2b'), thresholds: { ...thresholds, mnf: 2 } };
    given(cascadeDecider, [created, added(id(2), id(1), 2)])
      .when({ type: 'ChangePoint', ...below })
      .then([{ type: 'CascadePointChanged', data: { partitionId, ...below } }]);
  });

  it("refuses to delete a point with sub-meters or child points: 'Sub-meter exists and cannot be deleted'", () => {
    const subs: CascadeEvent = {
      type: 'CascadeSubMetersAssociated',
      data: { partitionId, pointId: id(2), meters: [meter(1)] },
    };
    const withSubs = [created, added(id(2), id(1), 2), subs];
    given(cascadeDecider, withSubs)
      .when({ type: 'DeletePoints', pointIds: [id(2)] })
      .thenFails('error.cascade.subMeterExists');
    const tree = [created, added(id(2), id(1), 2), added(id(3), id(2), 3)];
    given(cascadeDecider, tree)
      .when({ type: 'DeletePoints', pointIds: [id(2)] })
      .thenFails('error.cascade.subMeterExists');
    // A batch taking the child along is fine.
    given(cascadeDecider, tree)
      .when({ type: 'DeletePoints', pointIds: [id(3), id(2)] })
      .then([{ type: 'CascadePointsDeleted', data: { partitionId, pointIds: [id(3), id(2)] } }]);
  });

  it('needs at least one point to batch delete', () => {
    given(cascadeDecider, [created])
      .when({ type: 'DeletePoints', pointIds: [] })
      .thenFails('validation.atLeastOne');
  });

  it('associates sub-meters once each, never the point summary meter, within the quota', () => {
    const summary: CascadeEvent = {
      type: 'CascadeSummaryMeterAssociated',
      data: { partitionId, pointId: id(1), meter: meter(9) },
    };
    const first = given(cascadeDecider, [created, summary])
      .when({ type: 'AssociateSubMeters', pointId: id(1), meters: [opened(1), opened(2)] })
      .then([
        {
          type: 'CascadeSubMetersAssociated',
          data: { partitionId, pointId: id(1), meters: [meter(1), meter(2)] },
        },
      ]);
    given(cascadeDecider, [created, summary, ...first])
      .when({ type: 'AssociateSubMeters', pointId: id(1), meters: [opened(2), opened(3)] })
      .then([
        { type: 'CascadeSubMetersAssociated', data: { partitionId, pointId: id(1), meters: [meter(3)] } },
      ]);
    given(cascadeDecider, [created, summary])
      .when({ type: 'AssociateSubMeters', pointId: id(1), meters: [opened(9)] })
      .thenFails('error.cascade.meterInPoint');
  });

  it('takes as sub-meters only opened meters, naming the others: unknown, or on no live account', () => {
    const unknown = { meterNo: '9999', meterId: null, opened: false };
    given(cascadeDecider, [created])
      .when({
        type: 'AssociateSubMeters',
        pointId: id(1),
        meters: [opened(1), { ...meter(2), opened: false }, unknown],
      })
      .thenFails({ key: 'error.cascade.meterNotOpened', params: { meterNo: '1002,9999' } });
  });

  it('names at most ten meters that are not opened', () => {
    const closed = Array.from({ length: 12 }, (_, n) => ({ ...meter(n + 10), opened: false }));
    given(cascadeDecider, [created])
      .when({ type: 'AssociateSubMeters', pointId: id(1), meters: closed })
      .thenFails({
        key: 'error.cascade.meterNotOpened',
        params: {
          meterNo: closed
            .slice(0, 10)
            .map((m) => m.meterNo)
            .join(','),
        },
      });
  });

  it('refuses every change once the partition is deleted', () => {
    const deleted: CascadeEvent = {
      type: 'CascadePartitionDeleted',
      data: { partitionId, deletedAt: '2026-11-02T00:00:00.000Z' },
    };
    given(cascadeDecider, [created, deleted])
      .when({ type: 'AddPoint', parentId: id(1), ...fields(id(2), 'x') })
      .thenFails('error.cascade.partitionNotFound');
  });
});

describe('cascade alarm decider', () => {
  const alarmId = '0190a000-0000-7000-8000-0000000a0001';
  const raised: CascadeAlarmEvent = {
    type: 'CascadeAlarmRaised',
    data: {
      alarmId,
      partitionId,
      pointId: id(1),
      kind: 'mnf',
      day: '2026-11-02',
      value: 2,
      threshold: 1.5,
      trend: 0.5,
      raisedAt: '2026-11-03T00:10:00.000Z',
    },
  };
  const processedAt = '2026-11-03T08:00:00.000Z';
  const process = { type: 'ProcessCascadeAlarm', processedAt } as const;
  const processed: CascadeAlarmEvent = { type: 'CascadeAlarmProcessed', data: { alarmId, processedAt } };

  it('marks a raised alarm processed once; processing it again changes nothing', () => {
    given(cascadeAlarmDecider, [raised]).when(process).then([processed]);
    given(cascadeAlarmDecider, [raised, processed]).when(process).then([]);
  });

  it('knows no alarm that was not raised', () => {
    given(cascadeAlarmDecider, []).when(process).thenFails('error.cascade.alarmNotFound');
  });

  it('closes a leak alarm on its repair once, whether or not a user processed it', () => {
    const leak: CascadeAlarmEvent = {
      ...raised,
      data: { ...raised.data, kind: 'newLeak', baseline: 10, value: 1.8, threshold: 0.9, trend: null },
    };
    const repair = {
      type: 'RecordLeakRepair',
      repairedDay: '2026-11-09',
      at: '2026-11-10T00:10:00.000Z',
    } as const;
    const repaired: CascadeAlarmEvent = {
      type: 'CascadeAlarmRepaired',
      data: { alarmId, repairedDay: '2026-11-09', at: '2026-11-10T00:10:00.000Z' },
    };
    given(cascadeAlarmDecider, [leak]).when(repair).then([repaired]);
    given(cascadeAlarmDecider, [leak, repaired]).when(repair).then([]);
    given(cascadeAlarmDecider, [leak, processed]).when(repair).then([repaired]);
    // A repaired alarm can still be marked processed by its user.
    given(cascadeAlarmDecider, [leak, repaired]).when(process).then([processed]);
    given(cascadeAlarmDecider, []).when(repair).thenFails('error.cascade.alarmNotFound');
  });
});

describe('cascade calendar decider', () => {
  const setHolidays = (holidays: string[]) => ({ type: 'SetHolidays', holidays }) as const;

  it('sets the holidays sorted and once each; the same list again changes nothing', () => {
    const events = given(cascadeCalendarDecider, [])
      .when(setHolidays(['2026-12-25', '2026-01-01', '2026-12-25']))
      .then([{ type: 'CascadeHolidaysSet', data: { holidays: ['2026-01-01', '2026-12-25'] } }]);
    given(cascadeCalendarDecider, events)
      .when(setHolidays(['2026-12-25', '2026-01-01']))
      .then([]);
    given(cascadeCalendarDecider, events)
      .when(setHolidays([]))
      .then([{ type: 'CascadeHolidaysSet', data: { holidays: [] } }]);
  });
});
