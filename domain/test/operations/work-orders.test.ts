import { describe, it } from 'vitest';
import { type WorkOrderCommand, type WorkOrderEvent, workOrderDecider } from '../../src/index.ts';
import { given } from '../spec.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const workOrderId = '0190a000-0000-7000-8000-0000000000a1';
const dispatcher = '0190a000-0000-7000-8000-0000000000d1';
const fitter = '0190a000-0000-7000-8000-0000000000f1';
const other = '0190a000-0000-7000-8000-0000000000f2';
const meterA = '0190a000-0000-7000-8000-0000000000c1';
const meterB = '0190a000-0000-7000-8000-0000000000c2';
const alarm1 = '0190a000-0000-7000-8000-0000000000b1';
const alarm2 = '0190a000-0000-7000-8000-0000000000b2';
const at = '2026-11-02T08:00:00.000Z';
const today = '2026-11-02';

const create = (
  overrides: Partial<Extract<WorkOrderCommand, { type: 'CreateWorkOrder' }>> = {},
): WorkOrderCommand => ({
  type: 'CreateWorkOrder',
  workOrderId,
  tenantId,
  workOrderType: 0,
  title: 'Replace the valve',
  description: 'Leaking at the joint',
  meterId: null,
  assigneeId: null,
  dueDate: null,
  alarmIds: [],
  alarmMeters: {},
  assigneeKnown: true,
  meterKnown: true,
  today,
  actorId: dispatcher,
  at,
  ...overrides,
});

type Created = Extract<WorkOrderEvent, { type: 'WorkOrderCreated' }>;
/** An order created with `fitter` as its assignee, and any other fields given. */
const created = (data: Partial<Created['data']> = {}): Created => ({
  type: 'WorkOrderCreated',
  data: {
    workOrderId,
    tenantId,
    workOrderType: 0,
    title: 'Replace the valve',
    description: 'Leaking at the joint',
    meterId: null,
    alarmIds: [],
    assigneeId: fitter,
    dueDate: null,
    by: dispatcher,
    at,
    ...data,
  },
});
const started: WorkOrderEvent = { type: 'WorkOrderStarted', data: { workOrderId, by: fitter, at } };
const as = (actorId: string, assigneeOnly = false) => ({ actorId, at, assigneeOnly });

describe('work order', () => {
  it('is created pending, by hand, with its assignee and due date', () => {
    given(workOrderDecider, [])
      .when(create({ assigneeId: fitter, dueDate: today }))
      .then([created({ dueDate: today })]);
  });

  it('refuses a due date before the tenant’s today, an unknown assignee or meter', () => {
    given(workOrderDecider, [])
      .when(create({ dueDate: '2026-11-01' }))
      .thenFails({ key: 'error.workOrder.dueDatePast', params: { today } });
    given(workOrderDecider, [])
      .when(create({ assigneeId: other, assigneeKnown: false }))
      .thenFails('error.workOrder.assigneeUnknown');
    given(workOrderDecider, [])
      .when(create({ meterId: meterA, meterKnown: false }))
      .thenFails('error.workOrder.meterUnknown');
    given(workOrderDecider, [created()]).when(create()).thenFails('error.workOrder.exists');
  });

  describe('made from alarms', () => {
    it('takes the meter all the selected alarms are for', () => {
      given(workOrderDecider, [])
        .when(
          create({ alarmIds: [alarm1, alarm2, alarm1], alarmMeters: { [alarm1]: meterA, [alarm2]: meterA } }),
        )
        .thenMatches([{ type: 'WorkOrderCreated', data: { meterId: meterA, alarmIds: [alarm1, alarm2] } }]);
    });

    it('refuses alarms of different meters, or of another meter than the one given', () => {
      given(workOrderDecider, [])
        .when(create({ alarmIds: [alarm1, alarm2], alarmMeters: { [alarm1]: meterA, [alarm2]: meterB } }))
        .thenFails('error.workOrder.alarmsSameMeter');
      given(workOrderDecider, [])
        .when(create({ meterId: meterB, alarmIds: [alarm1], alarmMeters: { [alarm1]: meterA } }))
        .thenFails('error.workOrder.alarmsSameMeter');
    });

    it('refuses an alarm that does not exist', () => {
      given(workOrderDecider, [])
        .when(create({ alarmIds: [alarm1, alarm2], alarmMeters: { [alarm1]: meterA } }))
        .thenFails('error.workOrder.alarmNotFound');
    });

    it('refuses a system alarm, which has no meter, even beside meter alarms', () => {
      given(workOrderDecider, [])
        .when(create({ alarmIds: [alarm1], alarmMeters: { [alarm1]: null } }))
        .thenFails('error.workOrder.systemAlarm');
      given(workOrderDecider, [])
        .when(create({ alarmIds: [alarm1, alarm2], alarmMeters: { [alarm1]: meterA, [alarm2]: null } }))
        .thenFails('error.workOrder.systemAlarm');
    });

    it('names its alarms when completed, so that they are processed with it', () => {
      given(workOrderDecider, [created({ meterId: meterA, alarmIds: [alarm1, alarm2] }), started])
        .when({ type: 'CompleteWorkOrder', remark: 'Valve replaced', ...as(fitter) })
        .then([
          {
            type: 'WorkOrderCompleted',
            data: { workOrderId, remark: 'Valve replaced', alarmIds: [alarm1, alarm2], by: fitter, at },
          },
        ]);
    });
  });

  describe('states', () => {
    it('goes pending, processing, completed', () => {
      const history: WorkOrderEvent[] = [created()];
      history.push(
        ...given(workOrderDecider, history)
          .when({ type: 'StartWorkOrder', ...as(fitter) })
          .then([started]),
      );
      given(workOrderDecider, history)
        .when({ type: 'CompleteWorkOrder', remark: '', ...as(fitter) })
        .thenMatches([{ type: 'WorkOrderCompleted' }]);
    });

    it('starts only when assigned and pending, and completes only when processing', () => {
      given(workOrderDecider, [created({ assigneeId: null })])
        .when({ type: 'StartWorkOrder', ...as(fitter) })
        .thenFails('error.workOrder.unassigned');
      given(workOrderDecider, [created(), started])
        .when({ type: 'StartWorkOrder', ...as(fitter) })
        .thenFails('error.workOrder.notPending');
      given(workOrderDecider, [created()])
        .when({ type: 'CompleteWorkOrder', remark: '', ...as(fitter) })
        .thenFails('error.workOrder.notProcessing');
    });

    it('is cancelled while open, with its reason, and a closed order no longer changes', () => {
      const cancelled: WorkOrderEvent = {
        type: 'WorkOrderCancelled',
        data: { workOrderId, reason: 'Duplicate', by: dispatcher, at },
      };
      given(workOrderDecider, [created(), started])
        .when({ type: 'CancelWorkOrder', reason: 'Duplicate', actorId: dispatcher, at })
        .then([cancelled]);
      const completed: WorkOrderEvent = {
        type: 'WorkOrderCompleted',
        data: { workOrderId, remark: '', alarmIds: [], by: fitter, at },
      };
      for (const closed of [[cancelled], [started, completed]]) {
        const history = [created(), ...closed];
        given(workOrderDecider, history)
          .when({ type: 'CancelWorkOrder', reason: 'Again', actorId: dispatcher, at })
          .thenFails('error.workOrder.closed');
        given(workOrderDecider, history)
          .when({ type: 'CommentWorkOrder', content: 'Late note', ...as(fitter) })
          .thenFails('error.workOrder.closed');
        given(workOrderDecider, history)
          .when({ type: 'AssignWorkOrder', assigneeId: other, assigneeKnown: true, actorId: dispatcher, at })
          .thenFails('error.workOrder.closed');
      }
    });

    it('refuses commands on an order that does not exist', () => {
      given(workOrderDecider, [])
        .when({ type: 'StartWorkOrder', ...as(fitter) })
        .thenFails('error.workOrder.notFound');
    });
  });

  describe('assignee', () => {
    it('is assigned to a staff user of the tenant; the same assignee again changes nothing', () => {
      given(workOrderDecider, [created()])
        .when({ type: 'AssignWorkOrder', assigneeId: other, assigneeKnown: true, actorId: dispatcher, at })
        .then([{ type: 'WorkOrderAssigned', data: { workOrderId, assigneeId: other, by: dispatcher, at } }]);
      given(workOrderDecider, [created()])
        .when({ type: 'AssignWorkOrder', assigneeId: fitter, assigneeKnown: true, actorId: dispatcher, at })
        .then([]);
      given(workOrderDecider, [created()])
        .when({ type: 'AssignWorkOrder', assigneeId: other, assigneeKnown: false, actorId: dispatcher, at })
        .thenFails('error.workOrder.assigneeUnknown');
    });

    it('from "my work orders", only the assignee starts, completes, comments and attaches', () => {
      const commands = [
        [{ type: 'StartWorkOrder' }, 'WorkOrderStarted'],
        [{ type: 'CommentWorkOrder', content: 'On my way' }, 'WorkOrderCommented'],
        [{ type: 'AttachToWorkOrder', url: '/uploads/workOrder/a.png' }, 'WorkOrderAttachmentAdded'],
      ] as const;
      for (const [command, recorded] of commands) {
        given(workOrderDecider, [created()])
          .when({ ...command, ...as(other, true) })
          .thenFails('error.workOrder.notAssignee');
        given(workOrderDecider, [created()])
          .when({ ...command, ...as(fitter, true) })
          .thenMatches([{ type: recorded }]);
      }
      given(workOrderDecider, [created(), started])
        .when({ type: 'CompleteWorkOrder', remark: '', ...as(other, true) })
        .thenFails('error.workOrder.notAssignee');
    });
  });

  it('keeps a due date already past when the order changes, but takes no new one in the past', () => {
    const late = created({ dueDate: '2026-10-30' });
    const update = (dueDate: string) =>
      ({
        type: 'UpdateWorkOrder',
        title: 'Replace the valve now',
        description: '',
        meterId: null,
        dueDate,
        meterKnown: true,
        today,
        actorId: dispatcher,
        at,
      }) as const;
    given(workOrderDecider, [late])
      .when(update('2026-10-30'))
      .thenMatches([
        { type: 'WorkOrderUpdated', data: { title: 'Replace the valve now', dueDate: '2026-10-30' } },
      ]);
    given(workOrderDecider, [late])
      .when(update('2026-10-31'))
      .thenFails({ key: 'error.workOrder.dueDatePast', params: { today } });
  });

  it('has at most 10 attachments', () => {
    const attached: WorkOrderEvent = {
      type: 'WorkOrderAttachmentAdded',
      data: { workOrderId, url: '/uploads/workOrder/a.png', by: fitter, at },
    };
    given(workOrderDecider, [created(), ...Array<WorkOrderEvent>(10).fill(attached)])
      .when({ type: 'AttachToWorkOrder', url: '/uploads/workOrder/b.png', ...as(fitter) })
      .thenFails({ key: 'error.workOrder.attachmentLimit', params: { max: 10 } });
  });
});
