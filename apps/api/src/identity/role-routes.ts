import { listRoles } from '@hydrolog/projections';
import {
  apiResponses,
  deptTreeChecksSchema,
  envelopeSchema,
  envelopeWithSchema,
  idListSchema,
  listEnvelopeSchema,
  menuTreeChecksSchema,
  menuTreeSchema,
  noDataResponses,
  roleBodySchema,
  roleDataScopeBodySchema,
  roleListQuerySchema,
  roleStatusBodySchema,
  roleViewSchema,
  updateRoleBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { distinctIds, ok, okList, okWith } from '../http.ts';
import { changeRole } from './change-role.ts';
import { changeRoleDataScope } from './change-role-data-scope.ts';
import { changeRoleStatus } from './change-role-status.ts';
import { createRole } from './create-role.ts';
import { deleteRoles } from './delete-roles.ts';
import { menuTree, roleDeptTree, roleMenuTree } from './role-trees.ts';
import { roleOf } from './roles.ts';

/** Roles of the caller's tenant (spec section 2 system administration). */
export const roleRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { services } = identity;
  const { db } = services;
  const roleResponse = apiResponses(envelopeSchema(roleViewSchema));

  app.get(
    '/system/role/list',
    {
      config: requires('system:role:list'),
      schema: {
        tags: ['roles'],
        summary: "The tenant's roles",
        querystring: roleListQuerySchema,
        response: apiResponses(listEnvelopeSchema(roleViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listRoles(sql, request.query))),
  );

  app.get(
    '/system/role/:roleId',
    {
      config: requires('system:role:query'),
      schema: {
        tags: ['roles'],
        summary: 'One role',
        params: z.object({ roleId: z.uuid() }),
        response: roleResponse,
      },
    },
    async (request) => ok(request, await roleOf(services, request, request.params.roleId)),
  );

  app.post(
    '/system/role',
    {
      config: requires('system:role:add'),
      schema: {
        tags: ['roles'],
        summary: 'Add a role with the menus and buttons it grants',
        body: roleBodySchema,
        response: roleResponse,
      },
    },
    async (request) => ok(request, await createRole(services, request, request.body)),
  );

  app.put(
    '/system/role',
    {
      config: requires('system:role:edit'),
      schema: {
        tags: ['roles'],
        summary: 'Change a role and the menus it grants',
        body: updateRoleBodySchema,
        response: roleResponse,
      },
    },
    async (request) => ok(request, await changeRole(services, request, request.body)),
  );

  app.put(
    '/system/role/changeStatus',
    {
      config: requires('system:role:edit'),
      schema: {
        tags: ['roles'],
        summary: 'Enable or disable a role (a disabled role grants nothing)',
        body: roleStatusBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await changeRoleStatus(services, request, request.body.roleId, request.body.status);
      return ok(request, null);
    },
  );

  app.delete(
    '/system/role/:roleIds',
    {
      config: requires('system:role:remove'),
      schema: {
        tags: ['roles'],
        summary: 'Delete roles no user has',
        params: z.object({ roleIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteRoles(services, request, distinctIds(request.params.roleIds));
      return ok(request, null);
    },
  );

  app.get(
    '/system/role/deptTree/:roleId',
    {
      config: requires('system:role:query'),
      schema: {
        tags: ['roles'],
        summary: "The department tree with the departments of the role's custom data scope ticked",
        params: z.object({ roleId: z.uuid() }),
        response: apiResponses(envelopeWithSchema(deptTreeChecksSchema, deptTreeChecksSchema.shape)),
      },
    },
    async (request) => {
      const answer = await roleDeptTree(services, request, request.params.roleId);
      return okWith(request, answer, answer);
    },
  );

  app.put(
    '/system/role/dataScope',
    {
      config: requires('system:role:edit'),
      schema: {
        tags: ['roles'],
        summary:
          'Set which customers, meters and users the role sees: 1 all, 2 chosen departments, 3 own department, 4 own department and below, 5 own records',
        body: roleDataScopeBodySchema,
        response: roleResponse,
      },
    },
    async (request) => ok(request, await changeRoleDataScope(services, request, request.body)),
  );

  app.get(
    '/system/menu/treeselect',
    {
      config: requires('system:role:list'),
      schema: {
        tags: ['roles'],
        summary: 'The menu tree roles are ticked on',
        response: apiResponses(envelopeSchema(menuTreeSchema)),
      },
    },
    async (request) => ok(request, await menuTree(services, request)),
  );

  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    {
      config: requires('system:role:query'),
      schema: {
        tags: ['roles'],
        summary: 'The menu tree with the menus a role grants ticked',
        params: z.object({ roleId: z.uuid() }),
        response: apiResponses(envelopeWithSchema(menuTreeChecksSchema, menuTreeChecksSchema.shape)),
      },
    },
    async (request) => {
      const answer = await roleMenuTree(services, request, request.params.roleId);
      return okWith(request, answer, answer);
    },
  );
};
