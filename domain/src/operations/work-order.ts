import { WORK_ORDER_ATTACHMENTS_MAX, type WorkOrderStatus, type WorkOrderType } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type WorkOrderEvent = EventOf<
  | 'WorkOrderCreated'
  | 'WorkOrderUpdated'
  | 'WorkOrderAssigned'
  | 'WorkOrderStarted'
  | 'WorkOrderCompleted'
  | 'WorkOrderCancelled'
  | 'WorkOrderCommented'
  | 'WorkOrderAttachmentAdded'
>;

export type WorkOrderState =
  | { exists: false }
  | {
      exists: true;
      workOrderId: string;
      workOrderType: WorkOrderType;
      status: WorkOrderStatus;
      assigneeId: string | null;
      dueDate: string | null;
      alarmIds: string[];
      attachments: number;
    };

/** Who asks and when: the actor, the instant, and the tenant's day (for due dates). */
interface Actor {
  actorId: string;
  at: string;
}

/**
 * The assignee's own commands (start, complete, comment, attach) from "my work orders": with
 * `assigneeOnly`, only the order's assignee may give them; holders of the process permission may for anyone.
 */
interface AssigneeAction extends Actor {
  assigneeOnly: boolean;
}

export type WorkOrderCommand =
  | ({
      type: 'CreateWorkOrder';
      workOrderId: string;
      tenantId: string;
      workOrderType: WorkOrderType;
      title: string;
      description: string;
      meterId: string | null;
      assigneeId: string | null;
      dueDate: string | null;
      alarmIds: string[];
      /** Loaded by the use case: the meter of each selected alarm that exists (by alarm id). */
      alarmMeters: Record<string, string | null>;
      /**
       * Loaded by the use case: whether the assignee is a staff user of the tenant, and whether the meter
       * asked for (by its number) is one of the tenant's (true when none is asked for).
       */
      assigneeKnown: boolean;
      meterKnown: boolean;
      /** The tenant's day today (YYYY-MM-DD). */
      today: string;
    } & Actor)
  | ({
      type: 'UpdateWorkOrder';
      title: string;
      description: string;
      meterId: string | null;
      dueDate: string | null;
      meterKnown: boolean;
      today: string;
    } & Actor)
  | ({ type: 'AssignWorkOrder'; assigneeId: string; assigneeKnown: boolean } & Actor)
  | ({ type: 'StartWorkOrder' } & AssigneeAction)
  | ({ type: 'CompleteWorkOrder'; remark: string } & AssigneeAction)
  | ({ type: 'CancelWorkOrder'; reason: string } & Actor)
  | ({ type: 'CommentWorkOrder'; content: string } & AssigneeAction)
  | ({ type: 'AttachToWorkOrder'; url: string } & AssigneeAction);

const CLOSED: readonly WorkOrderStatus[] = ['completed', 'cancelled'];

/**
 * The meter that selected alarms are all for, or the refusal: every alarm must exist and be a meter alarm (a
 * system alarm has no meter, `null`), and all must be for one meter, which is the order's meter when one is
 * given too.
 */
function meterOfAlarms(
  alarmIds: readonly string[],
  alarmMeters: Record<string, string | null>,
  meterId: string | null,
): string | null | DomainError {
  if (alarmIds.length === 0) return meterId;
  const meters = new Set<string>();
  for (const alarmId of alarmIds) {
    const meter = alarmMeters[alarmId];
    if (meter === undefined) return new DomainError('error.workOrder.alarmNotFound');
    if (meter === null) return new DomainError('error.workOrder.systemAlarm');
    meters.add(meter);
  }
  if (meterId !== null) meters.add(meterId);
  if (meters.size > 1) return new DomainError('error.workOrder.alarmsSameMeter');
  return [...meters][0]!;
}

/**
 * A work order (spec sections 2 and 4): maintenance (0) or meter reading (1). It is pending until its
 * assignee starts it (processing), then completed; an open order can be cancelled. A closed order no longer
 * changes. Every change is an event, so its stream is its history; completing one made from alarms names
 * them, so that they are processed with it.
 */
export const workOrderDecider: Decider<WorkOrderCommand, WorkOrderEvent, WorkOrderState> = {
  category: 'workOrder',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'WorkOrderCreated') {
      const d = event.data;
      return {
        exists: true,
        workOrderId: d.workOrderId,
        workOrderType: d.workOrderType,
        status: 'pending',
        assigneeId: d.assigneeId,
        dueDate: d.dueDate,
        alarmIds: d.alarmIds,
        attachments: 0,
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'WorkOrderUpdated':
        return { ...state, dueDate: event.data.dueDate };
      case 'WorkOrderAssigned':
        return { ...state, assigneeId: event.data.assigneeId };
      case 'WorkOrderStarted':
        return { ...state, status: 'processing' };
      case 'WorkOrderCompleted':
        return { ...state, status: 'completed' };
      case 'WorkOrderCancelled':
        return { ...state, status: 'cancelled' };
      case 'WorkOrderAttachmentAdded':
        return { ...state, attachments: state.attachments + 1 };
      case 'WorkOrderCommented':
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'CreateWorkOrder') {
      if (state.exists) return new DomainError('error.workOrder.exists');
      const meterId = meterOfAlarms(command.alarmIds, command.alarmMeters, command.meterId);
      if (meterId instanceof DomainError) return meterId;
      if (!command.meterKnown) return new DomainError('error.workOrder.meterUnknown');
      if (command.assigneeId !== null && !command.assigneeKnown)
        return new DomainError('error.workOrder.assigneeUnknown');
      if (command.dueDate !== null && command.dueDate < command.today)
        return new DomainError('error.workOrder.dueDatePast', { today: command.today });
      const { workOrderId, tenantId, workOrderType, title, description, assigneeId, dueDate, alarmIds } =
        command;
      return [
        {
          type: 'WorkOrderCreated',
          data: {
            workOrderId,
            tenantId,
            workOrderType,
            title,
            description,
            meterId,
            alarmIds: [...new Set(alarmIds)],
            assigneeId,
            dueDate,
            by: command.actorId,
            at: command.at,
          },
        },
      ];
    }
    if (!state.exists) return new DomainError('error.workOrder.notFound');
    if (CLOSED.includes(state.status)) return new DomainError('error.workOrder.closed');
    const { workOrderId } = state;
    const by = { by: command.actorId, at: command.at };
    if ('assigneeOnly' in command && command.assigneeOnly && state.assigneeId !== command.actorId)
      return new DomainError('error.workOrder.notAssignee');
    switch (command.type) {
      case 'UpdateWorkOrder': {
        if (!command.meterKnown) return new DomainError('error.workOrder.meterUnknown');
        // A due date already past stays as it was; a new one is not in the past.
        if (command.dueDate !== null && command.dueDate !== state.dueDate && command.dueDate < command.today)
          return new DomainError('error.workOrder.dueDatePast', { today: command.today });
        const { title, description, meterId, dueDate } = command;
        return [
          { type: 'WorkOrderUpdated', data: { workOrderId, title, description, meterId, dueDate, ...by } },
        ];
      }
      case 'AssignWorkOrder':
        if (!command.assigneeKnown) return new DomainError('error.workOrder.assigneeUnknown');
        if (command.assigneeId === state.assigneeId) return [];
        return [{ type: 'WorkOrderAssigned', data: { workOrderId, assigneeId: command.assigneeId, ...by } }];
      case 'StartWorkOrder':
        if (state.assigneeId === null) return new DomainError('error.workOrder.unassigned');
        if (state.status !== 'pending') return new DomainError('error.workOrder.notPending');
        return [{ type: 'WorkOrderStarted', data: { workOrderId, ...by } }];
      case 'CompleteWorkOrder':
        if (state.status !== 'processing') return new DomainError('error.workOrder.notProcessing');
        return [
          {
            type: 'WorkOrderCompleted',
            data: { workOrderId, remark: command.remark, alarmIds: state.alarmIds, ...by },
          },
        ];
      case 'CancelWorkOrder':
        return [{ type: 'WorkOrderCancelled', data: { workOrderId, reason: command.reason, ...by } }];
      case 'CommentWorkOrder':
        return [{ type: 'WorkOrderCommented', data: { workOrderId, content: command.content, ...by } }];
      case 'AttachToWorkOrder':
        if (state.attachments >= WORK_ORDER_ATTACHMENTS_MAX)
          return new DomainError('error.workOrder.attachmentLimit', { max: WORK_ORDER_ATTACHMENTS_MAX });
        return [{ type: 'WorkOrderAttachmentAdded', data: { workOrderId, url: command.url, ...by } }];
    }
  },
};
