import { describe, expect, it } from 'vitest';
import {
  type CascadeAlarmEvent,
  type CascadeCalendarEvent,
  type CascadeCommand,
  type CascadeEvent,
  cascadeAlarmDecider,
  cascadeCalendarDecider,
  cascadeDecider,
} from '../../src/cascade/index.ts';
import { DomainError, fold } from '../../src/decider.ts';

const partitionId = '0190a000-0000-7000-8000-00000000c001';
const id = (n: number) => `0190a000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;
const meter = (n: number) => ({
  meterId: `0190a000-0000-7000-8000-0000000d00${String(n).padStart(2, '0')}`,
  meterNo: `100${n}`,
});
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

const given = (events: CascadeEvent[]) => ({
  when: (command: CascadeCommand) => cascadeDecider.decide(command, fold(cascadeDecider, events)),
});
const errorKey = (result: unknown) => (result as DomainError).key;

describe('cascade partition decider', () => {
  it('adds a point under its superior point one level down', () => {
    expect(given([created]).when({ type: 'AddPoint', parentId: id(1), ...fields(id(2), 'P2') })).toEqual([
      added(id(2), id(1), 2),
    ]);
  });

  it("refuses a sixth level: 'Cascade layers cannot exceed five'", () => {
    const chain = [
      created,
      added(id(2), id(1), 2),
      added(id(3), id(2), 3),
      added(id(4), id(3), 4),
      added(id(5), id(4), 5),
    ];
    const result = given(chain).when({ type: 'AddPoint', parentId: id(5), ...fields(id(6), 'P6') });
    expect(result).toBeInstanceOf(DomainError);
    expect(errorKey(result)).toBe('error.cascade.layers');
    expect(given(chain).when({ type: 'AddPoint', parentId: id(4), ...fields(id(6), 'P5b') })).toHaveLength(1);
  });

  it('refuses a superior point that is not in the partition', () => {
    expect(
      errorKey(given([created]).when({ type: 'AddPoint', parentId: id(9), ...fields(id(2), 'P2') })),
    ).toBe('error.cascade.pointNotFound');
  });

  it('removes the root only with the partition', () => {
    expect(errorKey(given([created]).when({ type: 'DeletePoints', pointIds: [id(1)] }))).toBe(
      'error.cascade.rootDelete',
    );
    expect(given([created]).when({ type: 'DeletePartition', deletedAt: '2026-11-02T00:00:00.000Z' })).toEqual(
      [{ type: 'CascadePartitionDeleted', data: { partitionId, deletedAt: '2026-11-02T00:00:00.000Z' } }],
    );
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
    expect(given([created, drawn]).when({ type: 'ChangePoint', ...change })).toEqual([
      { type: 'CascadePartitionChanged', data: { partitionId, ...change, boundary } },
    ]);
    // Any other point changes on its own.
    const below = { ...fields(id(2), 'P2b'), thresholds: { ...thresholds, mnf: 2 } };
    expect(given([created, added(id(2), id(1), 2)]).when({ type: 'ChangePoint', ...below })).toEqual([
      { type: 'CascadePointChanged', data: { partitionId, ...below } },
    ]);
  });

  it("refuses to delete a point with sub-meters or child points: 'Sub-meter exists and cannot be deleted'", () => {
    const subs: CascadeEvent = {
      type: 'CascadeSubMetersAssociated',
      data: { partitionId, pointId: id(2), meters: [meter(1)] },
    };
    const withSubs = [created, added(id(2), id(1), 2), subs];
    expect(errorKey(given(withSubs).when({ type: 'DeletePoints', pointIds: [id(2)] }))).toBe(
      'error.cascade.subMeterExists',
    );
    const tree = [created, added(id(2), id(1), 2), added(id(3), id(2), 3)];
    expect(errorKey(given(tree).when({ type: 'DeletePoints', pointIds: [id(2)] }))).toBe(
      'error.cascade.subMeterExists',
    );
    // A batch taking the child along is fine.
    expect(given(tree).when({ type: 'DeletePoints', pointIds: [id(3), id(2)] })).toEqual([
      { type: 'CascadePointsDeleted', data: { partitionId, pointIds: [id(3), id(2)] } },
    ]);
  });

  it('needs at least one point to batch delete', () => {
    expect(errorKey(given([created]).when({ type: 'DeletePoints', pointIds: [] }))).toBe(
      'validation.atLeastOne',
    );
  });

  it('associates sub-meters once each, never the point summary meter, within the quota', () => {
    const summary: CascadeEvent = {
      type: 'CascadeSummaryMeterAssociated',
      data: { partitionId, pointId: id(1), meter: meter(9) },
    };
    const first = given([created, summary]).when({
      type: 'AssociateSubMeters',
      pointId: id(1),
      meters: [meter(1), meter(2)],
    });
    expect(first).toEqual([
      {
        type: 'CascadeSubMetersAssociated',
        data: { partitionId, pointId: id(1), meters: [meter(1), meter(2)] },
      },
    ]);
    const again = given([created, summary, ...(first as CascadeEvent[])]).when({
      type: 'AssociateSubMeters',
      pointId: id(1),
      meters: [meter(2), meter(3)],
    });
    expect(again).toEqual([
      { type: 'CascadeSubMetersAssociated', data: { partitionId, pointId: id(1), meters: [meter(3)] } },
    ]);
    const own = given([created, summary]).when({
      type: 'AssociateSubMeters',
      pointId: id(1),
      meters: [meter(9)],
    });
    expect(errorKey(own)).toBe('error.cascade.meterInPoint');
  });

  it('refuses every change once the partition is deleted', () => {
    const deleted: CascadeEvent = {
      type: 'CascadePartitionDeleted',
      data: { partitionId, deletedAt: '2026-11-02T00:00:00.000Z' },
    };
    expect(
      errorKey(given([created, deleted]).when({ type: 'AddPoint', parentId: id(1), ...fields(id(2), 'x') })),
    ).toBe('error.cascade.partitionNotFound');
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
  const when = (events: CascadeAlarmEvent[]) =>
    cascadeAlarmDecider.decide(
      { type: 'ProcessCascadeAlarm', processedAt },
      fold(cascadeAlarmDecider, events),
    );

  it('marks a raised alarm processed once; processing it again changes nothing', () => {
    const processed: CascadeAlarmEvent = { type: 'CascadeAlarmProcessed', data: { alarmId, processedAt } };
    expect(when([raised])).toEqual([processed]);
    expect(when([raised, processed])).toEqual([]);
  });

  it('knows no alarm that was not raised', () => {
    expect(errorKey(when([]))).toBe('error.cascade.alarmNotFound');
  });

  it('closes a leak alarm on its repair once, whether or not a user processed it', () => {
    const leak: CascadeAlarmEvent = {
      ...raised,
      data: { ...raised.data, kind: 'newLeak', baseline: 10, value: 1.8, threshold: 0.9, trend: null },
    };
    const repair = (events: CascadeAlarmEvent[]) =>
      cascadeAlarmDecider.decide(
        { type: 'RecordLeakRepair', repairedDay: '2026-11-09', at: '2026-11-10T00:10:00.000Z' },
        fold(cascadeAlarmDecider, events),
      );
    const repaired: CascadeAlarmEvent = {
      type: 'CascadeAlarmRepaired',
      data: { alarmId, repairedDay: '2026-11-09', at: '2026-11-10T00:10:00.000Z' },
    };
    expect(repair([leak])).toEqual([repaired]);
    expect(repair([leak, repaired])).toEqual([]);
    const processed: CascadeAlarmEvent = { type: 'CascadeAlarmProcessed', data: { alarmId, processedAt } };
    expect(repair([leak, processed])).toEqual([repaired]);
    // A repaired alarm can still be marked processed by its user.
    expect(when([leak, repaired])).toEqual([processed]);
    expect(errorKey(repair([]))).toBe('error.cascade.alarmNotFound');
  });
});

describe('cascade calendar decider', () => {
  const set = (holidays: string[], events: readonly CascadeCalendarEvent[] = []) =>
    cascadeCalendarDecider.decide({ type: 'SetHolidays', holidays }, fold(cascadeCalendarDecider, events));

  it('sets the holidays sorted and once each; the same list again changes nothing', () => {
    const events = set(['2026-12-25', '2026-01-01', '2026-12-25']);
    expect(events).toEqual([
      { type: 'CascadeHolidaysSet', data: { holidays: ['2026-01-01', '2026-12-25'] } },
    ]);
    expect(set(['2026-12-25', '2026-01-01'], events as CascadeCalendarEvent[])).toEqual([]);
    expect(set([], events as CascadeCalendarEvent[])).toEqual([
      { type: 'CascadeHolidaysSet', data: { holidays: [] } },
    ]);
  });
});
