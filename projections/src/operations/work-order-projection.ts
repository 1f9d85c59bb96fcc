import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventData, WorkOrderHistoryKind } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/** A line of the order's history: the change, who made it and when, and what it says. */
async function historyLine(
  sql: Sql,
  event: RecordedEvent,
  kind: WorkOrderHistoryKind,
  data: { workOrderId: string; by: string; at: string },
  detail: { text?: string; assigneeId?: string; url?: string } = {},
) {
  await sql.query(
    `INSERT INTO work_order_history (work_order_id, tenant_id, seq, kind, user_id, at, text, assignee_id, url)
     SELECT $1, tenant_id, $2, $3, $4, $5, $6, $7, $8 FROM work_orders WHERE work_order_id = $1`,
    [
      data.workOrderId,
      version(event),
      kind,
      data.by,
      data.at,
      detail.text ?? null,
      detail.assigneeId ?? null,
      detail.url ?? null,
    ],
  );
}

/** Sets the order's columns from an event (`set`: SQL assignments from $3 on) and its version. */
async function touch(sql: Sql, event: RecordedEvent, set: string, values: unknown[]) {
  const { workOrderId, at } = event.data as { workOrderId: string; at: string };
  await sql.query(
    `UPDATE work_orders SET ${set}${set ? ', ' : ''}updated_at = $2, version = $${values.length + 3}
     WHERE work_order_id = $1`,
    [workOrderId, at, ...values, version(event)],
  );
}

/**
 * Work orders (inline: a created order is in the next list) and their history, one line per event of the
 * order's stream. Users' and meters' names are joined by the queries, so a rename shows everywhere.
 */
export const workOrdersProjection: Projection = {
  name: 'workOrders',
  version: 1,
  mode: 'inline',
  tables: ['work_orders', 'work_order_history'],
  reads: ['users', 'meters'],
  tenantTables: ['work_orders', 'work_order_history'],
  migrations: [
    `CREATE TABLE work_orders (
      work_order_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      work_order_type int NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      status text NOT NULL,
      meter_id uuid,
      alarm_ids jsonb NOT NULL,
      assignee_id uuid,
      due_date date,
      remark text,
      attachments jsonb NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      completed_at timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE INDEX work_orders_tenant ON work_orders (tenant_id, work_order_type, created_at)',
    'CREATE INDEX work_orders_assignee ON work_orders (assignee_id, status)',
    `CREATE TABLE work_order_history (
      work_order_id uuid NOT NULL,
      tenant_id uuid NOT NULL,
      seq bigint NOT NULL,
      kind text NOT NULL,
      user_id uuid,
      at timestamptz NOT NULL,
      text text,
      assignee_id uuid,
      url text,
      PRIMARY KEY (work_order_id, seq)
    )`,
  ],
  handlers: {
    async WorkOrderCreated(sql, event) {
      const d = event.data as EventData<'WorkOrderCreated'>;
      await sql.query(
        `INSERT INTO work_orders (work_order_id, tenant_id, work_order_type, title, description, status, meter_id,
           alarm_ids, assignee_id, due_date, attachments, created_by, created_at, version)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, '[]'::jsonb, $10, $11, $12)`,
        [
          d.workOrderId,
          d.tenantId,
          d.workOrderType,
          d.title,
          d.description,
          d.meterId,
          JSON.stringify(d.alarmIds),
          d.assigneeId,
          d.dueDate,
          d.by,
          d.at,
          version(event),
        ],
      );
      await historyLine(sql, event, 'created', d, d.assigneeId ? { assigneeId: d.assigneeId } : {});
    },
    async WorkOrderUpdated(sql, event) {
      const d = event.data as EventData<'WorkOrderUpdated'>;
      await touch(sql, event, 'title = $3, description = $4, meter_id = $5, due_date = $6', [
        d.title,
        d.description,
        d.meterId,
        d.dueDate,
      ]);
      await historyLine(sql, event, 'updated', d);
    },
    async WorkOrderAssigned(sql, event) {
      const d = event.data as EventData<'WorkOrderAssigned'>;
      await touch(sql, event, 'assignee_id = $3', [d.assigneeId]);
      await historyLine(sql, event, 'assigned', d, { assigneeId: d.assigneeId });
    },
    async WorkOrderStarted(sql, event) {
      const d = event.data as EventData<'WorkOrderStarted'>;
      await touch(sql, event, "status = 'processing'", []);
      await historyLine(sql, event, 'started', d);
    },
    async WorkOrderCompleted(sql, event) {
      const d = event.data as EventData<'WorkOrderCompleted'>;
      await touch(sql, event, "status = 'completed', remark = $3, completed_at = $2", [d.remark || null]);
      await historyLine(sql, event, 'completed', d, d.remark ? { text: d.remark } : {});
    },
    async WorkOrderCancelled(sql, event) {
      const d = event.data as EventData<'WorkOrderCancelled'>;
      await touch(sql, event, "status = 'cancelled', remark = $3", [d.reason]);
      await historyLine(sql, event, 'cancelled', d, { text: d.reason });
    },
    async WorkOrderCommented(sql, event) {
      const d = event.data as EventData<'WorkOrderCommented'>;
      await touch(sql, event, '', []);
      await historyLine(sql, event, 'commented', d, { text: d.content });
    },
    async WorkOrderAttachmentAdded(sql, event) {
      const d = event.data as EventData<'WorkOrderAttachmentAdded'>;
      await touch(sql, event, 'attachments = attachments || jsonb_build_array($3::text)', [d.url]);
      await historyLine(sql, event, 'attached', d, { url: d.url });
    },
  },
};
