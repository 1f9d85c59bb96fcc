import {
  apiResponses,
  assignWorkOrderBodySchema,
  cancelWorkOrderBodySchema,
  commentWorkOrderBodySchema,
  completeWorkOrderBodySchema,
  envelopeSchema,
  listEnvelopeSchema,
  myWorkOrderListQuerySchema,
  pagedQuerySchema,
  updateWorkOrderBodySchema,
  WORK_ORDER_KINDS,
  workOrderAssigneeSchema,
  workOrderBodySchema,
  workOrderDetailSchema,
  workOrderIdBodySchema,
  workOrderListQuerySchema,
  workOrderViewSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { assignWorkOrder } from './assign-work-order.ts';
import { attachToWorkOrder } from './attach-to-work-order.ts';
import { cancelWorkOrder } from './cancel-work-order.ts';
import { commentWorkOrder } from './comment-work-order.ts';
import { completeWorkOrder } from './complete-work-order.ts';
import { createWorkOrder } from './create-work-order.ts';
import { exportWorkOrders } from './export-work-orders.ts';
import { assigneeChoices, myWorkOrderList, workOrderList } from './list-work-orders.ts';
import { startWorkOrder } from './start-work-order.ts';
import { updateWorkOrder } from './update-work-order.ts';
import { type WorkOrderScope, workOrderOf } from './work-orders.ts';

const detailResponse = apiResponses(envelopeSchema(workOrderDetailSchema));
const listResponse = apiResponses(listEnvelopeSchema(workOrderViewSchema));
const idParams = z.object({ workOrderId: z.uuid() });
const tags = ['workOrders'];

/**
 * Work orders of each kind under /workOrder/maintenance and /workOrder/reading (permissions
 * `workOrder:<kind>:<action>`), and the assignee's own under /workOrder/mine (`workOrder:mine:<action>`),
 * where only the assignee acts on an order.
 */
export const workOrderRoutes: FastifyPluginAsyncZod<{ services: Services; uploadsDir: string }> = async (
  app,
  { services, uploadsDir },
) => {
  const { db } = services;

  /** The routes the assignee's work shares: read one order, start, complete, comment, attach a photo. */
  const progressRoutes = (scope: WorkOrderScope) => {
    const base = `/workOrder/${scope}`;
    const may = (action: 'query' | 'process') => requires(`workOrder:${scope}:${action}`);
    app.get(
      `${base}/:workOrderId`,
      {
        config: may('query'),
        schema: {
          tags,
          summary: 'A work order with its history',
          params: idParams,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await workOrderOf(db, request, scope, request.params.workOrderId)),
    );
    app.put(
      `${base}/start`,
      {
        config: may('process'),
        schema: {
          tags,
          summary: 'Start a pending, assigned work order',
          body: workOrderIdBodySchema,
          response: detailResponse,
        },
      },
      async (request) =>
        ok(request, await startWorkOrder(services, request, scope, request.body.workOrderId)),
    );
    app.put(
      `${base}/complete`,
      {
        config: may('process'),
        schema: {
          tags,
          summary: 'Complete a work order in processing, with a remark',
          body: completeWorkOrderBodySchema,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await completeWorkOrder(services, request, scope, request.body)),
    );
    app.post(
      `${base}/comment`,
      {
        config: may('process'),
        schema: {
          tags,
          summary: 'Comment on an open work order',
          body: commentWorkOrderBodySchema,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await commentWorkOrder(services, request, scope, request.body)),
    );
    app.post(
      `${base}/:workOrderId/attachment`,
      {
        config: may('process'),
        schema: {
          tags,
          summary: 'Attach a photo to an open work order (png or jpg, 5 MB at most; multipart field `file`)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: apiResponses(envelopeSchema(z.object({ url: z.string() }))),
        },
      },
      async (request) =>
        ok(
          request,
          await attachToWorkOrder(services, request, uploadsDir, scope, request.params.workOrderId),
        ),
    );
  };

  for (const kind of WORK_ORDER_KINDS) {
    const base = `/workOrder/${kind}`;
    const may = (action: 'query' | 'add' | 'edit' | 'remove' | 'export') =>
      requires(`workOrder:${kind}:${action}`);
    app.get(
      `${base}/list`,
      {
        config: may('query'),
        schema: {
          tags,
          summary: `List the ${kind} work orders, open ones first`,
          querystring: pagedQuerySchema(workOrderListQuerySchema),
          response: listResponse,
        },
      },
      async (request) => okList(request, await workOrderList(db, request, kind, request.query)),
    );
    app.get(
      `${base}/assignees`,
      {
        config: may('query'),
        schema: {
          tags,
          summary: 'The staff users a work order can be assigned to',
          response: apiResponses(envelopeSchema(z.array(workOrderAssigneeSchema))),
        },
      },
      async (request) => ok(request, await assigneeChoices(db, request)),
    );
    app.post(
      base,
      {
        config: may('add'),
        schema: {
          tags,
          summary: `Create a ${kind} work order, by hand or from alarms of one meter`,
          body: workOrderBodySchema,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await createWorkOrder(services, request, kind, request.body)),
    );
    app.put(
      base,
      {
        config: may('edit'),
        schema: {
          tags,
          summary: 'Change an open work order',
          body: updateWorkOrderBodySchema,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await updateWorkOrder(services, request, kind, request.body)),
    );
    app.put(
      `${base}/assign`,
      {
        config: may('edit'),
        schema: {
          tags,
          summary: 'Assign an open work order to a staff user',
          body: assignWorkOrderBodySchema,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await assignWorkOrder(services, request, kind, request.body)),
    );
    app.put(
      `${base}/cancel`,
      {
        config: may('remove'),
        schema: {
          tags,
          summary: 'Cancel an open work order, with its reason',
          body: cancelWorkOrderBodySchema,
          response: detailResponse,
        },
      },
      async (request) => ok(request, await cancelWorkOrder(services, request, kind, request.body)),
    );
    app.post(
      `${base}/export`,
      {
        config: { ...may('export'), audit: '5' },
        schema: { tags, summary: `Export the ${kind} work orders (xlsx)`, body: workOrderListQuerySchema },
      },
      async (request, reply) => exportWorkOrders(services, request, reply, kind, request.body),
    );
    progressRoutes(kind);
  }

  app.get(
    '/workOrder/mine/list',
    {
      config: requires('workOrder:mine:query'),
      schema: {
        tags,
        summary: "The caller's own work orders of both kinds, open ones first",
        querystring: pagedQuerySchema(myWorkOrderListQuerySchema),
        response: listResponse,
      },
    },
    async (request) => okList(request, await myWorkOrderList(db, request, request.query)),
  );
  progressRoutes('mine');
};
