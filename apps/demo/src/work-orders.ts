import { execute, type Services } from '@hydrolog/api';
import { addDays, localDate, type WorkOrderCommand, workOrderDecider } from '@hydrolog/domain';
import { findMeters, withTenant } from '@hydrolog/projections';
import { type EventMetadata, uuidv7, type WorkOrderType } from '@hydrolog/schemas';
import type { Fleet } from '@hydrolog/sim';
import { DEMO_TENANT_ID, DEMO_TENANTS } from './seed.ts';

const userIdOf = (userName: string) => {
  const user = DEMO_TENANTS.flatMap((t) => t.users).find((u) => u.userName === userName);
  if (!user) throw new Error(`no demo user ${userName}`);
  return user.userId;
};

interface DemoOrder {
  workOrderType: WorkOrderType;
  title: string;
  description: string;
  dueInDays: number | null;
  /** What happens to it after it is created and assigned, by the dispatcher (cancel) or the assignee. */
  steps: ('start' | 'comment' | 'complete' | 'cancel')[];
}

/** One order in each state, on household meters, given to the demo operator. */
const ORDERS: DemoOrder[] = [
  {
    workOrderType: 0,
    title: 'Check the meter box',
    description: 'The customer reports water in the meter box after rain.',
    dueInDays: 3,
    steps: [],
  },
  {
    workOrderType: 0,
    title: 'Replace the leaking valve',
    description: 'The valve leaks at the joint; bring a DN20 valve.',
    dueInDays: 1,
    steps: ['start', 'comment'],
  },
  {
    workOrderType: 1,
    title: 'Read the meter by hand',
    description: 'The meter has not reported for two days; read it on site.',
    dueInDays: null,
    steps: ['start', 'complete'],
  },
  {
    workOrderType: 0,
    title: 'Inspect the meter seal',
    description: 'Raised twice by mistake.',
    dueInDays: 7,
    steps: ['cancel'],
  },
];

/**
 * Demo work orders (once, with the fleet): one pending, one processing with a comment, one completed, one
 * cancelled, so that the work order screens and "my work orders" of a fresh demo are not empty.
 */
export async function seedDemoWorkOrders(services: Services, fleet: Fleet): Promise<void> {
  const dispatcher = userIdOf('demo_admin');
  const assignee = userIdOf('demo_operator');
  const timeZone = DEMO_TENANTS.find((t) => t.tenantId === DEMO_TENANT_ID)!.settings.timeZone;
  const today = localDate(Date.now(), timeZone);
  const households = fleet.meters.filter((m) => m.role === 'household').slice(0, ORDERS.length);
  const meters = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    findMeters(
      sql,
      DEMO_TENANT_ID,
      households.map((m) => m.meterNo),
    ),
  );
  for (const [i, order] of ORDERS.entries()) {
    const workOrderId = uuidv7();
    const at = new Date().toISOString();
    const meterId = meters.get(households[i]?.meterNo ?? '') ?? null;
    const byAssignee = { actorId: assignee, at, assigneeOnly: true };
    const commands: WorkOrderCommand[] = [
      {
        type: 'CreateWorkOrder',
        workOrderId,
        tenantId: DEMO_TENANT_ID,
        workOrderType: order.workOrderType,
        title: order.title,
        description: order.description,
        meterId,
        assigneeId: assignee,
        dueDate: order.dueInDays === null ? null : addDays(today, order.dueInDays),
        alarmIds: [],
        alarmMeters: {},
        assigneeKnown: true,
        meterKnown: true,
        today,
        actorId: dispatcher,
        at,
      },
      ...order.steps.map(
        (step): WorkOrderCommand =>
          step === 'start'
            ? { type: 'StartWorkOrder', ...byAssignee }
            : step === 'comment'
              ? { type: 'CommentWorkOrder', content: 'On site; the new valve is on its way.', ...byAssignee }
              : step === 'complete'
                ? { type: 'CompleteWorkOrder', remark: 'Read on site: 1284.6 m³.', ...byAssignee }
                : { type: 'CancelWorkOrder', reason: 'Duplicate of another order.', actorId: dispatcher, at },
      ),
    ];
    const metadata: EventMetadata = { tenantId: DEMO_TENANT_ID, userId: dispatcher, correlationId: uuidv7() };
    await execute(services.store, workOrderDecider, workOrderId, commands, {
      metadata,
      taken: 'error.workOrder.exists',
    });
  }
}
