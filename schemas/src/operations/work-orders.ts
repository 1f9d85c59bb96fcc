import { z } from 'zod';
import { isoDaySchema } from '../billing/index.ts';
import { meterNoSchema } from '../meters/index.ts';

/**
 * Work orders (spec sections 2 and 4): maintenance (type 0) and meter reading (type 1), pending, processing,
 * completed, or cancelled. Every change is an event of the order's stream, so its history is the stream.
 */
export const WORK_ORDER_TYPES = { maintenance: 0, reading: 1 } as const;
export type WorkOrderKind = keyof typeof WORK_ORDER_TYPES;
export const WORK_ORDER_KINDS = Object.keys(WORK_ORDER_TYPES) as WorkOrderKind[];
export const workOrderTypeSchema = z.union([z.literal(0), z.literal(1)]);
export type WorkOrderType = z.infer<typeof workOrderTypeSchema>;
export const workOrderKindOf = (type: WorkOrderType): WorkOrderKind =>
  type === WORK_ORDER_TYPES.maintenance ? 'maintenance' : 'reading';

export const WORK_ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export const workOrderStatusSchema = z.enum(WORK_ORDER_STATUSES);
export type WorkOrderStatus = z.infer<typeof workOrderStatusSchema>;

export const WORK_ORDER_TITLE_MAX = 50;
export const WORK_ORDER_DESCRIPTION_MAX = 500;
/** Spec section 9: remarks are at most 100 characters (a completion remark, a cancellation reason). */
export const WORK_ORDER_REMARK_MAX = 100;
export const WORK_ORDER_COMMENT_MAX = 500;
export const WORK_ORDER_ATTACHMENTS_MAX = 10;
/** Alarms a work order is made from, at most. */
export const WORK_ORDER_ALARMS_MAX = 100;

const title = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(WORK_ORDER_TITLE_MAX, 'validation.workOrder.title');
const description = z
  .string()
  .trim()
  .max(WORK_ORDER_DESCRIPTION_MAX, 'validation.workOrder.description')
  .default('');
const remark = z.string().trim().max(WORK_ORDER_REMARK_MAX, 'validation.workOrder.remark');
const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.uuid('validation.invalidFormat').optional(),
);
const optionalDay = z.preprocess((v) => (v === '' ? undefined : v), isoDaySchema.optional());
/** The meter an order is for, by its number as staff read it off the meter; none for an order of no meter. */
const optionalMeterNo = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  meterNoSchema.optional(),
);

/** A new work order, by hand or from selected alarms (all for one meter). */
export const workOrderBodySchema = z.object({
  title,
  description,
  assigneeId: optionalId,
  dueDate: optionalDay,
  meterNo: optionalMeterNo,
  alarmIds: z
    .array(z.uuid('validation.invalidFormat'))
    .max(WORK_ORDER_ALARMS_MAX, 'validation.tooBig')
    .default([]),
});
export type WorkOrderBody = z.input<typeof workOrderBodySchema>;
export type WorkOrderInput = z.output<typeof workOrderBodySchema>;

/** An order's own fields, changed while it is open (`version`: the one the form was filled from). */
export const updateWorkOrderBodySchema = z.object({
  workOrderId: z.uuid(),
  version: z.number().int().min(0).optional(),
  title,
  description,
  dueDate: optionalDay,
  meterNo: optionalMeterNo,
});
export type UpdateWorkOrderBody = z.input<typeof updateWorkOrderBodySchema>;

export const assignWorkOrderBodySchema = z.object({
  workOrderId: z.uuid(),
  assigneeId: z.uuid('validation.required'),
});
export type AssignWorkOrderBody = z.input<typeof assignWorkOrderBodySchema>;

export const workOrderIdBodySchema = z.object({ workOrderId: z.uuid() });
export const completeWorkOrderBodySchema = z.object({ workOrderId: z.uuid(), remark: remark.default('') });
export type CompleteWorkOrderBody = z.input<typeof completeWorkOrderBodySchema>;
export const cancelWorkOrderBodySchema = z.object({
  workOrderId: z.uuid(),
  reason: remark.min(1, 'validation.required'),
});
export type CancelWorkOrderBody = z.input<typeof cancelWorkOrderBodySchema>;
export const commentWorkOrderBodySchema = z.object({
  workOrderId: z.uuid(),
  content: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(WORK_ORDER_COMMENT_MAX, 'validation.workOrder.comment'),
});
export type CommentWorkOrderBody = z.input<typeof commentWorkOrderBodySchema>;

export const workOrderListQuerySchema = z.object({
  title: z.string().trim().max(WORK_ORDER_TITLE_MAX).optional(),
  status: workOrderStatusSchema.optional(),
  assigneeId: z.uuid().optional(),
  meterNo: z.string().trim().max(50).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

/** The assignee's own orders: open ones by default. */
export const myWorkOrderListQuerySchema = z.object({ status: workOrderStatusSchema.optional() });
export type MyWorkOrderListQuery = z.infer<typeof myWorkOrderListQuerySchema>;

export const workOrderViewSchema = z.object({
  workOrderId: z.string(),
  workOrderType: workOrderTypeSchema,
  title: z.string(),
  description: z.string(),
  status: workOrderStatusSchema,
  meterId: z.string().nullable(),
  meterNo: z.string().nullable(),
  alarmIds: z.array(z.string()),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Open past its due date (in the tenant's days). */
  overdue: z.boolean(),
  remark: z.string().nullable(),
  attachments: z.array(z.string()),
  createBy: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  completeTime: z.string().nullable(),
  version: z.number().int(),
});
export type WorkOrderView = z.infer<typeof workOrderViewSchema>;

export const WORK_ORDER_HISTORY_KINDS = [
  'created',
  'updated',
  'assigned',
  'started',
  'completed',
  'cancelled',
  'commented',
  'attached',
] as const;
export type WorkOrderHistoryKind = (typeof WORK_ORDER_HISTORY_KINDS)[number];

/** One change of an order, in the order they happened: who, when, and what it says. */
export const workOrderHistoryEntrySchema = z.object({
  kind: z.enum(WORK_ORDER_HISTORY_KINDS),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  time: z.string(),
  /** The comment, the completion remark or the cancellation reason. */
  text: z.string().nullable(),
  /** The new assignee's name (assigned). */
  assigneeName: z.string().nullable(),
  /** The attachment's URL (attached). */
  url: z.string().nullable(),
});
export type WorkOrderHistoryEntry = z.infer<typeof workOrderHistoryEntrySchema>;

export const workOrderDetailSchema = workOrderViewSchema.extend({
  history: z.array(workOrderHistoryEntrySchema),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** A staff user of the tenant to assign an order to. */
export const workOrderAssigneeSchema = z.object({ userId: z.string(), nickName: z.string() });
export type WorkOrderAssignee = z.infer<typeof workOrderAssigneeSchema>;
