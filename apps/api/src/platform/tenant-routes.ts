import type { TenantCommand } from '@hydrolog/domain';
import { listTenants } from '@hydrolog/projections';
import {
  apiResponses,
  createdTenantSchema,
  createTenantBodySchema,
  envelopeSchema,
  listEnvelopeSchema,
  tenantListQuerySchema,
  tenantViewSchema,
  updateTenantBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { changeTenant } from './change-tenant.ts';
import { changeTenantLogo } from './change-tenant-logo.ts';
import { createTenant } from './create-tenant.ts';
import { runOnTenant, tenantOf } from './tenants.ts';

const tenantResponse = apiResponses(envelopeSchema(tenantViewSchema));
const tenantIdParams = z.object({ tenantId: z.uuid() });

/** Tenants: the first aggregate end to end (decider → log → inline projection → list). */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services; uploadsDir: string }> = async (
  app,
  { services, uploadsDir },
) => {
  const { db } = services;

  app.get(
    '/system/tenant/list',
    {
      config: operatorOnly('system:tenant:list'),
      schema: {
        tags: ['tenants'],
        summary: 'List tenants',
        querystring: tenantListQuerySchema,
        response: apiResponses(listEnvelopeSchema(tenantViewSchema)),
      },
    },
    async (request) => okList(request, await listTenants(db, request.query)),
  );

  app.get(
    '/system/tenant/:tenantId',
    {
      config: operatorOnly('system:tenant:query'),
      schema: {
        tags: ['tenants'],
        summary: 'One tenant',
        params: z.object({ tenantId: z.uuid() }),
        response: tenantResponse,
      },
    },
    async (request) => ok(request, await tenantOf(db, request.params.tenantId)),
  );

  app.post(
    '/system/tenant',
    {
      config: operatorOnly('system:tenant:add'),
      schema: {
        tags: ['tenants'],
        summary: 'Create a tenant, with its first administrator (random initial password, answered once)',
        body: createTenantBodySchema,
        response: apiResponses(envelopeSchema(createdTenantSchema)),
      },
    },
    async (request) => ok(request, await createTenant(services, request, request.body)),
  );

  app.put(
    '/system/tenant',
    {
      config: operatorOnly('system:tenant:edit'),
      schema: {
        tags: ['tenants'],
        summary: 'Rename a tenant or change its settings',
        body: updateTenantBodySchema,
        response: tenantResponse,
      },
    },
    async (request) => ok(request, await changeTenant(services, request, request.body)),
  );

  const lifecycle = (path: 'suspend' | 'resume', summary: string, command: TenantCommand) =>
    app.put(
      `/system/tenant/${path}/:tenantId`,
      {
        config: operatorOnly('system:tenant:suspend'),
        schema: { tags: ['tenants'], summary, params: tenantIdParams, response: tenantResponse },
      },
      async (request) => ok(request, await runOnTenant(services, request, request.params.tenantId, command)),
    );
  lifecycle('suspend', "Suspend a tenant: its users' sessions end and they cannot log in", {
    type: 'SuspendTenant',
  });
  lifecycle('resume', 'Resume a suspended tenant', { type: 'ResumeTenant' });

  app.post(
    '/system/tenant/logo/:tenantId',
    {
      config: operatorOnly('system:tenant:edit'),
      schema: {
        tags: ['tenants'],
        summary: "Upload a tenant's logo (multipart field logofile; png or jpg, 5 MB at most)",
        consumes: ['multipart/form-data'],
        params: tenantIdParams,
        response: tenantResponse,
      },
    },
    async (request) =>
      ok(request, await changeTenantLogo(services, request, uploadsDir, request.params.tenantId)),
  );
};
