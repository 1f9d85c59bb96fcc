import {
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
  noDataEnvelopeSchema,
  pagedQuerySchema,
  readingPlanBodySchema,
  readingPlanDetailSchema,
  readingPlanListQuerySchema,
  readingPlanViewSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { createReadingPlan } from './create-reading-plan.ts';
import { deleteReadingPlan } from './delete-reading-plan.ts';
import { readingPlanList } from './list-reading-plans.ts';
import { readingPlanOf } from './reading-plans.ts';

const tags = ['readingPlans'];
const params = z.object({ planId: z.uuid() });
const may = (action: 'query' | 'add' | 'remove') => requires(`readMeter:walkBy:${action}`);

/** Walk-by reading plans: list with progress, one with its meters, create, delete. */
export const readingPlanRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    '/readMeter/walkBy/list',
    {
      config: may('query'),
      schema: {
        tags,
        summary:
          'The walk-by reading plans with their progress (read, not yet read, overdue), the latest first',
        querystring: pagedQuerySchema(readingPlanListQuerySchema),
        response: apiResponses(listEnvelopeSchema(readingPlanViewSchema)),
      },
    },
    async (request) => okList(request, await readingPlanList(db, request, request.query)),
  );
  app.get(
    '/readMeter/walkBy/:planId',
    {
      config: may('query'),
      schema: {
        tags,
        summary: "A plan with each meter's latest reading in its window, meters not yet read first",
        params,
        response: apiResponses(envelopeSchema(readingPlanDetailSchema)),
      },
    },
    async (request) => ok(request, await readingPlanOf(db, request, request.params.planId)),
  );
  app.post(
    '/readMeter/walkBy',
    {
      config: { ...may('add'), audit: '1' },
      schema: {
        tags,
        summary: 'Make a walk-by reading plan for a reader over a meter group or listed meters',
        body: readingPlanBodySchema,
        response: apiResponses(envelopeSchema(readingPlanDetailSchema)),
      },
    },
    async (request) => ok(request, await createReadingPlan(services, request, request.body)),
  );
  app.delete(
    '/readMeter/walkBy/:planId',
    {
      config: { ...may('remove'), audit: '3' },
      schema: {
        tags,
        summary: 'Delete a reading plan (its readings stay)',
        params,
        response: apiResponses(noDataEnvelopeSchema),
      },
    },
    async (request) => {
      await deleteReadingPlan(services, request, request.params.planId);
      return ok(request, null);
    },
  );
};
