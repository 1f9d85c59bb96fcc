import {
  type Boundary,
  CASCADE_MAX_LEVELS,
  CASCADE_SUB_METER_QUOTA,
  type EventData,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type CascadeEvent = EventOf<
  | 'CascadePartitionCreated'
  | 'CascadePartitionChanged'
  | 'CascadePartitionDeleted'
  | 'CascadePointAdded'
  | 'CascadePointChanged'
  | 'CascadePointsDeleted'
  | 'CascadeSummaryMeterAssociated'
  | 'CascadeSubMetersAssociated'
  | 'CascadeSubMetersRemoved'
  | 'CascadeMeterPositionsSet'
>;

interface PointState {
  parentId: string | null;
  /** the root is level 1 */
  level: number;
  summaryMeterId: string | null;
  subMeterIds: readonly string[];
}

export type CascadeState =
  | { exists: false }
  | {
      exists: true;
      deleted: boolean;
      partitionId: string;
      rootPointId: string;
      /** kept so that changing the root's fields through ChangePoint keeps the partition's boundary */
      boundary: Boundary | null;
      points: Readonly<Record<string, PointState>>;
    };

type MeterRef = { meterId: string; meterNo: string };
/**
 * A meter named to be a sub-meter, as the read models have it: its id (null: the tenant has no meter of the
 * number) and whether it is opened, held by an account that is not cancelled.
 */
export type SubMeterFacts = { meterNo: string; meterId: string | null; opened: boolean };

/** Only a registered meter held by a live account may become a sub-meter. */
export const mayBeSubMeter = (meter: SubMeterFacts): meter is SubMeterFacts & { meterId: string } =>
  meter.opened && meter.meterId !== null;
type PointFields = Omit<EventData<'CascadePointChanged'>, 'partitionId'>;

export type CascadeCommand =
  | ({ type: 'CreatePartition' } & EventData<'CascadePartitionCreated'>)
  | ({ type: 'ChangePartition' } & Omit<EventData<'CascadePartitionChanged'>, 'partitionId' | 'pointId'>)
  | { type: 'DeletePartition'; deletedAt: string }
  | ({ type: 'AddPoint'; parentId: string } & PointFields)
  | ({ type: 'ChangePoint' } & PointFields)
  | { type: 'DeletePoints'; pointIds: readonly string[] }
  | { type: 'AssociateSummaryMeter'; pointId: string; meter: MeterRef }
  | { type: 'AssociateSubMeters'; pointId: string; meters: readonly SubMeterFacts[] }
  | { type: 'RemoveSubMeters'; pointId: string; meterIds: readonly string[] }
  | { type: 'SetMeterPositions'; positions: EventData<'CascadeMeterPositionsSet'>['positions'] };

type Existing = Extract<CascadeState, { exists: true }>;

function withPoint(state: Existing, pointId: string, change: (point: PointState) => PointState): Existing {
  const point = state.points[pointId];
  return point ? { ...state, points: { ...state.points, [pointId]: change(point) } } : state;
}

/**
 * A cascade partition: a tree of metering points of at most five levels under one root (spec sections 5
 * and 8). Each point has one summary meter and sub-meters; a sub-meter may be the summary meter of a child
 * point; a sub-meter is a customer's meter, opened on an account. The root's name, leader and thresholds are
 * the partition's (ChangePoint on the root changes the partition, boundary kept). The root goes only with
 * the partition; a point that still has sub-meters (metered ones, or child points below it) cannot be
 * deleted.
 */
export const cascadeDecider: Decider<CascadeCommand, CascadeEvent, CascadeState> = {
  category: 'cascadePartition',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'CascadePartitionCreated') {
      const root: PointState = { parentId: null, level: 1, summaryMeterId: null, subMeterIds: [] };
      return {
        exists: true,
        deleted: false,
        partitionId: event.data.partitionId,
        rootPointId: event.data.pointId,
        boundary: event.data.boundary,
        points: { [event.data.pointId]: root },
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'CascadePartitionDeleted':
        return { ...state, deleted: true };
      case 'CascadePointAdded': {
        const point = {
          parentId: event.data.parentId,
          level: event.data.level,
          summaryMeterId: null,
          subMeterIds: [],
        };
        return { ...state, points: { ...state.points, [event.data.pointId]: point } };
      }
      case 'CascadePointsDeleted': {
        const points = { ...state.points };
        for (const id of event.data.pointIds) delete points[id];
        return { ...state, points };
      }
      case 'CascadeSummaryMeterAssociated':
        return withPoint(state, event.data.pointId, (p) => ({
          ...p,
          summaryMeterId: event.data.meter.meterId,
        }));
      case 'CascadeSubMetersAssociated':
        return withPoint(state, event.data.pointId, (p) => ({
          ...p,
          subMeterIds: [...p.subMeterIds, ...event.data.meters.map((m) => m.meterId)],
        }));
      case 'CascadeSubMetersRemoved': {
        const removed = new Set(event.data.meterIds);
        return withPoint(state, event.data.pointId, (p) => ({
          ...p,
          subMeterIds: p.subMeterIds.filter((id) => !removed.has(id)),
        }));
      }
      case 'CascadePartitionChanged':
        return { ...state, boundary: event.data.boundary };
      case 'CascadePointChanged':
      case 'CascadeMeterPositionsSet':
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'CreatePartition') {
      if (state.exists) return new DomainError('error.cascade.nameExists');
      const { type: _, ...data } = command;
      return [{ type: 'CascadePartitionCreated', data }];
    }
    if (!state.exists || state.deleted) return new DomainError('error.cascade.partitionNotFound');
    const { partitionId } = state;
    const point = (pointId: string) => state.points[pointId];
    switch (command.type) {
      case 'ChangePartition': {
        const { type: _, ...data } = command;
        return [
          { type: 'CascadePartitionChanged', data: { partitionId, pointId: state.rootPointId, ...data } },
        ];
      }
      case 'DeletePartition':
        return [{ type: 'CascadePartitionDeleted', data: { partitionId, deletedAt: command.deletedAt } }];
      case 'AddPoint': {
        const { type: _, parentId, ...fields } = command;
        const parent = point(parentId);
        if (!parent) return new DomainError('error.cascade.pointNotFound');
        if (point(fields.pointId)) return new DomainError('error.cascade.pointNotFound');
        const level = parent.level + 1;
        if (level > CASCADE_MAX_LEVELS) return new DomainError('error.cascade.layers');
        return [{ type: 'CascadePointAdded', data: { partitionId, parentId, level, ...fields } }];
      }
      case 'ChangePoint': {
        const { type: _, ...fields } = command;
        if (!point(fields.pointId)) return new DomainError('error.cascade.pointNotFound');
        // The root's fields are the partition's (one source for both): changing them changes the partition.
        if (fields.pointId === state.rootPointId)
          return [
            { type: 'CascadePartitionChanged', data: { partitionId, ...fields, boundary: state.boundary } },
          ];
        return [{ type: 'CascadePointChanged', data: { partitionId, ...fields } }];
      }
      case 'DeletePoints': {
        const ids = [...new Set(command.pointIds)];
        if (ids.length === 0) return new DomainError('validation.atLeastOne');
        if (ids.some((id) => !point(id))) return new DomainError('error.cascade.pointNotFound');
        if (ids.includes(state.rootPointId)) return new DomainError('error.cascade.rootDelete');
        const deleting = new Set(ids);
        const hasSubMeters = ids.some((id) => point(id)!.subMeterIds.length > 0);
        // A child point left behind under a deleted one would lose its place in the tree.
        const orphans = Object.entries(state.points).some(
          ([id, p]) => p.parentId !== null && deleting.has(p.parentId) && !deleting.has(id),
        );
        if (hasSubMeters || orphans) return new DomainError('error.cascade.subMeterExists');
        return [{ type: 'CascadePointsDeleted', data: { partitionId, pointIds: ids } }];
      }
      case 'AssociateSummaryMeter': {
        const target = point(command.pointId);
        if (!target) return new DomainError('error.cascade.pointNotFound');
        if (target.subMeterIds.includes(command.meter.meterId))
          return new DomainError('error.cascade.meterInPoint', { meterNo: command.meter.meterNo });
        if (target.summaryMeterId === command.meter.meterId) return [];
        return [
          {
            type: 'CascadeSummaryMeterAssociated',
            data: { partitionId, pointId: command.pointId, meter: command.meter },
          },
        ];
      }
      case 'AssociateSubMeters': {
        const target = point(command.pointId);
        if (!target) return new DomainError('error.cascade.pointNotFound');
        const notOpened = command.meters.filter((m) => !mayBeSubMeter(m));
        if (notOpened.length > 0) {
          const meterNo = notOpened
            .slice(0, 10)
            .map((m) => m.meterNo)
            .join(',');
          return new DomainError('error.cascade.meterNotOpened', { meterNo });
        }
        const meters = command.meters.flatMap(({ meterId, meterNo }) =>
          meterId ? [{ meterId, meterNo }] : [],
        );
        const summary = meters.find((m) => m.meterId === target.summaryMeterId);
        if (summary) return new DomainError('error.cascade.meterInPoint', { meterNo: summary.meterNo });
        const existing = new Set(target.subMeterIds);
        const added = meters.filter((m) => !existing.has(m.meterId));
        const remaining = CASCADE_SUB_METER_QUOTA - target.subMeterIds.length;
        if (added.length > remaining) return new DomainError('error.cascade.quota', { remaining });
        if (added.length === 0) return [];
        return [
          {
            type: 'CascadeSubMetersAssociated',
            data: { partitionId, pointId: command.pointId, meters: added },
          },
        ];
      }
      case 'RemoveSubMeters': {
        const target = point(command.pointId);
        if (!target) return new DomainError('error.cascade.pointNotFound');
        const meterIds = command.meterIds.filter((id) => target.subMeterIds.includes(id));
        if (meterIds.length === 0) return [];
        return [
          { type: 'CascadeSubMetersRemoved', data: { partitionId, pointId: command.pointId, meterIds } },
        ];
      }
      case 'SetMeterPositions':
        return [{ type: 'CascadeMeterPositionsSet', data: { partitionId, positions: command.positions } }];
    }
  },
};

/** The remaining sub-meter quota of a point (an import may add at most this many). */
export function remainingSubMeterQuota(state: CascadeState, pointId: string): number {
  if (!state.exists) return 0;
  return CASCADE_SUB_METER_QUOTA - (state.points[pointId]?.subMeterIds.length ?? 0);
}

export type CascadeAlarmEvent = EventOf<
  'CascadeAlarmRaised' | 'CascadeAlarmProcessed' | 'CascadeAlarmRepaired'
>;
export type CascadeAlarmState =
  | { raised: false }
  | { raised: true; alarmId: string; processed: boolean; repaired: boolean };
export type CascadeAlarmCommand =
  | { type: 'ProcessCascadeAlarm'; processedAt: string }
  | { type: 'RecordLeakRepair'; repairedDay: string; at: string };

/**
 * A cascade alarm, one stream per point, kind and local day (`cascadeAlarm-<pointId>.<kind>.<day>`; a leak's
 * day is its estimated start): raised by the evaluation, then processed by a user once (processing it again
 * changes nothing). A leak alarm also closes itself when the leak is repaired, once.
 */
export const cascadeAlarmDecider: Decider<CascadeAlarmCommand, CascadeAlarmEvent, CascadeAlarmState> = {
  category: 'cascadeAlarm',
  initialState: () => ({ raised: false }),
  evolve(state, event) {
    if (event.type === 'CascadeAlarmRaised')
      return { raised: true, alarmId: event.data.alarmId, processed: false, repaired: false };
    if (!state.raised) return state;
    return event.type === 'CascadeAlarmProcessed'
      ? { ...state, processed: true }
      : { ...state, repaired: true };
  },
  decide(command, state) {
    if (!state.raised) return new DomainError('error.cascade.alarmNotFound');
    if (command.type === 'ProcessCascadeAlarm') {
      if (state.processed) return [];
      return [
        { type: 'CascadeAlarmProcessed', data: { alarmId: state.alarmId, processedAt: command.processedAt } },
      ];
    }
    if (state.repaired) return [];
    return [
      {
        type: 'CascadeAlarmRepaired',
        data: { alarmId: state.alarmId, repairedDay: command.repairedDay, at: command.at },
      },
    ];
  },
};

export type CascadeCalendarEvent = EventOf<'CascadeHolidaysSet'>;
export type CascadeCalendarState = { holidays: readonly string[] };
export type CascadeCalendarCommand = { type: 'SetHolidays'; holidays: readonly string[] };

/**
 * A tenant's holidays for leak detection, one stream per tenant (`cascadeCalendar-<tenantId>`): the whole
 * list is set at once, sorted and without repeats; setting the same list again changes nothing.
 */
export const cascadeCalendarDecider: Decider<
  CascadeCalendarCommand,
  CascadeCalendarEvent,
  CascadeCalendarState
> = {
  category: 'cascadeCalendar',
  initialState: () => ({ holidays: [] }),
  evolve: (_state, event) => ({ holidays: event.data.holidays }),
  decide(command, state) {
    const holidays = [...new Set(command.holidays)].sort();
    if (holidays.join() === state.holidays.join()) return [];
    return [{ type: 'CascadeHolidaysSet', data: { holidays } }];
  },
};
