import { z } from 'zod';
import { workOrderTypeSchema } from './work-orders.ts';

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });
/** Who made the change and when: the history shows both. */
const by = { by: z.string(), at: z.string() };

/** Work orders: every change of an order is an event of its stream, and its history. */
export const workOrderEventSchemas = {
  WorkOrderCreated: eventSchema(
    z.object({
      workOrderId: z.uuid(),
      tenantId: z.uuid(),
      workOrderType: workOrderTypeSchema,
      title: z.string(),
      description: z.string(),
      meterId: z.uuid().nullable(),
      /** The alarms it was made from (all for `meterId`): completing the order processes them. */
      alarmIds: z.array(z.uuid()),
      assigneeId: z.uuid().nullable(),
      dueDate: z.string().nullable(),
      ...by,
    }),
  ),
  WorkOrderUpdated: eventSchema(
    z.object({
      workOrderId: z.uuid(),
      title: z.string(),
      description: z.string(),
      meterId: z.uuid().nullable(),
      dueDate: z.string().nullable(),
      ...by,
    }),
  ),
  WorkOrderAssigned: eventSchema(z.object({ workOrderId: z.uuid(), assigneeId: z.uuid(), ...by })),
  WorkOrderStarted: eventSchema(z.object({ workOrderId: z.uuid(), ...by })),
  WorkOrderCompleted: eventSchema(
    z.object({ workOrderId: z.uuid(), remark: z.string(), alarmIds: z.array(z.uuid()), ...by }),
  ),
  WorkOrderCancelled: eventSchema(z.object({ workOrderId: z.uuid(), reason: z.string(), ...by })),
  WorkOrderCommented: eventSchema(z.object({ workOrderId: z.uuid(), content: z.string(), ...by })),
  WorkOrderAttachmentAdded: eventSchema(z.object({ workOrderId: z.uuid(), url: z.string(), ...by })),
};
