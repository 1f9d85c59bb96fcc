import { DomainError, roleDecider, type TenantCommand, tenantDecider, userDecider } from '@hydrolog/domain';
import { findUserByAccount, getTenant, listTenants } from '@hydrolog/projections';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, newInitialPassword } from '../auth/crypto.ts';
import { callerOf, operatorOnly } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';

const tenantResponse = apiResponses(envelopeSchema(tenantViewSchema));
const tenantIdParams = z.object({ tenantId: z.uuid() });

/** Tenants: the first aggregate end to end (decider → log → inline projection → list). */
export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services; uploadsDir: string }> = async (
  app,
  { services, uploadsDir },
) => {
  const { store, db } = services;
  const meta = (request: FastifyRequest, tenantId: string) => ({
    metadata: { tenantId, userId: callerOf(request).userId, correlationId: request.id },
  });

  async function view(tenantId: string) {
    const tenant = await getTenant(db, tenantId);
    if (!tenant) throw new DomainError('error.tenant.notFound');
    return tenant;
  }

  app.get(
    '/system/tenant/list',
    {
      config: operatorOnly('system:tenant:list'),
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
      config: operatorOnly('system:tenant:query'),
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
      config: operatorOnly('system:tenant:add'),
      schema: {
        tags: ['tenants'],
        summary: 'Create a tenant, with its first administrator (random initial password, answered once)',
        body: createTenantBodySchema,
        response: apiResponses(
          envelopeSchema(
            tenantViewSchema.extend({
              admin: z.object({ userName: z.string(), initialPassword: z.string() }).optional(),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const tenantId = uuidv7();
      const { name, trial, settings, admin } = request.body;
      // Checked first, so that a taken name does not leave a tenant without its administrator.
      if (admin && (await findUserByAccount(db, admin.userName))) throw new DomainError('error.user.exists');
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
        meta(request, tenantId),
      );
      if (!admin) return ok(request, await view(tenantId));
      const roleId = uuidv7();
      await execute(
        store,
        roleDecider,
        roleId,
        [
          {
            type: 'CreateRole',
            roleId,
            tenantId,
            roleName: 'Administrator',
            roleKey: 'admin',
            roleType: 'general',
            menuIds: [],
            allPermissions: true,
          },
        ],
        meta(request, tenantId),
      );
      const userId = uuidv7();
      const initialPassword = newInitialPassword();
      await execute(
        store,
        userDecider,
        userId,
        [
          {
            type: 'CreateUser',
            userId,
            tenantId,
            userName: admin.userName,
            nickName: admin.nickName,
            email: null,
            phonenumber: null,
            passwordHash: await hashPassword(initialPassword),
            initialPassword: true,
            roleIds: [roleId],
            deptId: null,
            createdAt: new Date().toISOString(),
          },
        ],
        { ...meta(request, tenantId), taken: 'error.user.exists' },
      );
      return ok(request, { ...(await view(tenantId)), admin: { userName: admin.userName, initialPassword } });
    },
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

  const lifecycle = (path: 'suspend' | 'resume', summary: string, command: TenantCommand) =>
    app.put(
      `/system/tenant/${path}/:tenantId`,
      {
        config: operatorOnly('system:tenant:suspend'),
        schema: { tags: ['tenants'], summary, params: tenantIdParams, response: tenantResponse },
      },
      async (request) => {
        const { tenantId } = request.params;
        await view(tenantId);
        await execute(store, tenantDecider, tenantId, [command], meta(request, tenantId));
        return ok(request, await view(tenantId));
      },
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
    async (request) => {
      const { tenantId } = request.params;
      await view(tenantId);
      const logoUrl = await saveImageUpload(request, uploadsDir, 'logofile', 'logo');
      await execute(
        store,
        tenantDecider,
        tenantId,
        [{ type: 'ChangeTenantLogo', logoUrl }],
        meta(request, tenantId),
      );
      return ok(request, await view(tenantId));
    },
  );
};
