import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  assignWorkOrderBodySchema,
  cancelWorkOrderBodySchema,
  commentWorkOrderBodySchema,
  completeWorkOrderBodySchema,
  myWorkOrderListQuerySchema,
  updateWorkOrderBodySchema,
  type WorkOrderKind,
  workOrderAssigneeSchema,
  workOrderBodySchema,
  workOrderDetailSchema,
  workOrderIdBodySchema,
  workOrderListQuerySchema,
  workOrderViewSchema,
} from './work-orders.ts';

const detail = envelopeSchema(workOrderDetailSchema);
const list = listEnvelopeSchema(workOrderViewSchema);
const attachment = envelopeSchema(z.object({ url: z.string() }));

/** The routes of each kind of work order, `KIND` standing for maintenance or reading. */
const perKind = {
  'GET /workOrder/KIND/list': { query: pagedQuerySchema(workOrderListQuerySchema), answer: list },
  'GET /workOrder/KIND/assignees': { answer: envelopeSchema(z.array(workOrderAssigneeSchema)) },
  'GET /workOrder/KIND/:workOrderId': { answer: detail },
  'POST /workOrder/KIND': { body: workOrderBodySchema, answer: detail },
  'PUT /workOrder/KIND': { body: updateWorkOrderBodySchema, answer: detail },
  'PUT /workOrder/KIND/assign': { body: assignWorkOrderBodySchema, answer: detail },
  'PUT /workOrder/KIND/start': { body: workOrderIdBodySchema, answer: detail },
  'PUT /workOrder/KIND/complete': { body: completeWorkOrderBodySchema, answer: detail },
  'PUT /workOrder/KIND/cancel': { body: cancelWorkOrderBodySchema, answer: detail },
  'POST /workOrder/KIND/comment': { body: commentWorkOrderBodySchema, answer: detail },
  'POST /workOrder/KIND/:workOrderId/attachment': { multipart: true, answer: attachment },
  'POST /workOrder/KIND/export': { body: workOrderListQuerySchema },
} as const;

type PerKind<K extends string> = {
  [P in keyof typeof perKind as P extends `${infer Head}/KIND${infer Tail}`
    ? `${Head}/${K}${Tail}`
    : never]: (typeof perKind)[P];
};

function kindRoutes<K extends WorkOrderKind>(kind: K): PerKind<K> {
  return Object.fromEntries(
    Object.entries(perKind).map(([key, schemas]) => [key.replace('/KIND', `/${kind}`), schemas]),
  ) as PerKind<K>;
}

/** Work orders by kind, and "my work orders" of the assignee. */
export const workOrderRoutes = defineRoutes({
  ...kindRoutes('maintenance'),
  ...kindRoutes('reading'),
  'GET /workOrder/mine/list': { query: pagedQuerySchema(myWorkOrderListQuerySchema), answer: list },
  'GET /workOrder/mine/:workOrderId': { answer: detail },
  'PUT /workOrder/mine/start': { body: workOrderIdBodySchema, answer: detail },
  'PUT /workOrder/mine/complete': { body: completeWorkOrderBodySchema, answer: detail },
  'POST /workOrder/mine/comment': { body: commentWorkOrderBodySchema, answer: detail },
  'POST /workOrder/mine/:workOrderId/attachment': { multipart: true, answer: attachment },
});
