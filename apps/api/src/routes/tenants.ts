import { DomainError, type TenantCommand, tenantDecider } from '@hydrolog/domain';
import { getTenant, listTenants } from '@hydrolog/projections';
import {
  apiResponses,
  createTenantBodySchema,
  envelopeSchema,
  listEnvelopeSchema,
  pageQuerySchema,
  tenantViewSchema,
  updateTenantBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { execute } from '../commands.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';

const tenantResponse = apiResponses(envelopeSchema(tenantViewSchema));

/** Tenants: the first aggregate end to end (decider → log → inline projection → list). */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { store, db } = services;

  async function view(tenantId: string) {
    const tenant = await getTenant(db, tenantId);
    if (!tenant) throw new DomainError('error.tenant.notFound');
    return tenant;
  }

  app.get(
    '/system/tenant/list',
    {
      config: { access: { permission: 'system:tenant:list', platform: true } },
      schema: {
        tags: ['tenants'],
        summary: 'List tenants',
        querystring: pageQuerySchema.extend({ name: z.string().max(50).optional() }),
        response: apiResponses(listEnvelopeSchema(tenantViewSchema)),
      },
    },
    async (request) => okList(request, await listTenants(db, request.query)),
  );

  app.get(
    '/system/tenant/:tenantId',
    {
      config: { access: { permission: 'system:tenant:query', platform: true } },
      schema: {
        tags: ['tenants'],
        summary: 'One tenant',
        params: z.object({ tenantId: z.uuid() }),
        response: tenantResponse,
      },
    },
    async (request) => ok(request, await view(request.params.tenantId)),
  );

  app.post(
    '/system/tenant',
    {
      config: { access: { permission: 'system:tenant:add', platform: true } },
      schema: {
        tags: ['tenants'],
        summary: 'Create a tenant',
        body: createTenantBodySchema,
        response: tenantResponse,
      },
    },
    async (request) => {
      const tenantId = uuidv7();
      const { name, trial, settings } = request.body;
      await execute(
        store,
        tenantDecider,
        tenantId,
        [
          {
            type: 'CreateTenant',
            tenantId,
            name,
            kind: 'utility',
            trial,
            createdAt: new Date().toISOString(),
            settings,
          },
        ],
        { metadata: { tenantId, correlationId: request.id } },
      );
      return ok(request, await view(tenantId));
    },
  );

  app.put(
    '/system/tenant',
    {
      config: { access: { permission: 'system:tenant:edit', platform: true } },
      schema: {
        tags: ['tenants'],
        summary: 'Rename a tenant or change its settings',
        body: updateTenantBodySchema,
        response: tenantResponse,
      },
    },
    async (request) => {
      const { tenantId, version, name, settings } = request.body;
      await view(tenantId); // an unknown tenant is "not found", not a stale version
      const commands: TenantCommand[] = [];
      if (name !== undefined) commands.push({ type: 'RenameTenant', tenantId, name });
      if (settings !== undefined) commands.push({ type: 'ChangeTenantSettings', tenantId, settings });
      await execute(store, tenantDecider, tenantId, commands, {
        metadata: { tenantId, correlationId: request.id },
        expectedVersion: BigInt(version),
      });
      return ok(request, await view(tenantId));
    },
  );
};
