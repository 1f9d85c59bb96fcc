import { apiResponses, envelopeSchema, healthSchema } from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';

/** `GET /health`: the database answers, and how far each projection is behind the log. */
export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['system'],
        summary: 'Service health',
        response: apiResponses(envelopeSchema(healthSchema)),
      },
    },
    async (request) => {
      await services.db.query('SELECT 1');
      const projections = (await services.runner.states()).map(({ name, mode, status, lag }) => ({
        name,
        mode,
        status,
        lag,
      }));
      return ok(request, {
        status: projections.every((p) => p.status === 'live') ? ('ok' as const) : ('degraded' as const),
        database: { engine: services.db.engine, ok: true },
        eventStore: services.store.kind,
        projections,
      });
    },
  );
};
