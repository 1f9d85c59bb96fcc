import {
  DomainError,
  type RoleAdministration,
  type RoleCommand,
  roleAdministrationRefusal,
  roleDecider,
} from '@hydrolog/domain';
import type { Database, Sql } from '@hydrolog/eventstore';
import { getRole, listDepts, listRoles } from '@hydrolog/projections';
import {
  apiResponses,
  deptTreeChecksSchema,
  envelopeSchema,
  envelopeWithSchema,
  idListSchema,
  listEnvelopeSchema,
  type MenuTreeNode,
  menuTreeChecksSchema,
  menuTreeSchema,
  noDataResponses,
  roleBodySchema,
  roleDataScopeBodySchema,
  roleListQuerySchema,
  roleStatusBodySchema,
  roleViewSchema,
  updateRoleBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorityOf,
  type Caller,
  callerMetadata,
  callerOf,
  permissionsOf,
  readAsCaller,
  requires,
} from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList, okWith, requestLanguage } from '../http.ts';
import { menuEntries, permsByMenu, visibleTo } from '../menus.ts';

/** A tree with the ticked nodes: in data for this product's client, and beside it where RuoYi's reads it. */

/** The menus a role of this tenant may be given: platform screens only on the platform. */
async function assignableMenus(db: Database, caller: Caller) {
  return visibleTo(await menuEntries(db), caller.tenantKind);
}

async function menuTree(db: Database, caller: Caller, request: FastifyRequest): Promise<MenuTreeNode[]> {
  const language = requestLanguage(request);
  const entries = await assignableMenus(db, caller);
  const children = (parentId: string | null): MenuTreeNode[] =>
    entries
      .filter((m) => m.parentId === parentId)
      .sort((a, b) => a.orderNum - b.orderNum)
      .map((m) => {
        const below = children(m.menuId);
        // Buttons are named by their action (the last part of the permission string).
        const label = m.menuType === 'F' ? (m.perms ?? m.menuId).split(':').at(-1)! : m.titles[language];
        return below.length ? { id: m.menuId, label, children: below } : { id: m.menuId, label };
      });
  return children(null);
}

/** Roles of the caller's tenant (spec section 2 system administration). */
export const roleRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

  // ---- Roles -------------------------------------------------------------------------------------------

  async function role(request: FastifyRequest, roleId: string) {
    const found = await scoped(request, (sql) => getRole(sql, roleId));
    if (!found) throw new DomainError('error.role.notFound');
    return found;
  }
  const roleResponse = apiResponses(envelopeSchema(roleViewSchema));
  async function roleFields(request: FastifyRequest, body: z.infer<typeof roleBodySchema>) {
    const allowed = new Set((await assignableMenus(db, callerOf(request))).map((m) => m.menuId));
    if (body.menuIds.some((id) => !allowed.has(id))) throw new DomainError('error.role.unknownMenu');
    const { remark, menuIds, ...rest } = body;
    return { ...rest, menuIds: [...new Set(menuIds)].sort(), remark: remark || null };
  }
  /** What a role carries: the permissions of its menus (`*:*:*` for the administrator role). */
  async function carried(role: { admin: boolean; menuIds: readonly string[] } | null) {
    return role
      ? permissionsOf([{ all_permissions: role.admin, menu_ids: [...role.menuIds] }], await permsByMenu(db))
      : [];
  }
  /** The facts of the authority rule for a change of role `current` (null: a new one) to `menuIds`. */
  async function roleAdministration(
    request: FastifyRequest,
    current: { admin: boolean; menuIds: readonly string[] } | null,
    menuIds: readonly string[],
  ): Promise<RoleAdministration> {
    return {
      by: authorityOf(callerOf(request)),
      held: await carried(current),
      granted: await carried({ admin: false, menuIds }),
    };
  }
  /** Runs a command on a role (null: a new one) that leaves it with `menuIds`, under the authority rule. */
  async function runRole(
    request: FastifyRequest,
    roleId: string,
    current: { admin: boolean; menuIds: readonly string[] } | null,
    command: RoleCommand,
    menuIds: readonly string[],
  ) {
    const administration = await roleAdministration(request, current, menuIds);
    await execute(store, roleDecider, roleId, [{ ...command, administration }], {
      ...meta(request),
      taken: 'error.role.keyExists',
    });
  }

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
    async (request) => okList(request, await scoped(request, (sql) => listRoles(sql, request.query))),
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
    async (request) => ok(request, await role(request, request.params.roleId)),
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
    async (request) => {
      const { status, orderNum, remark, ...fields } = await roleFields(request, request.body);
      const roleId = uuidv7();
      const caller = callerOf(request);
      await runRole(
        request,
        roleId,
        null,
        { type: 'CreateRole', roleId, tenantId: caller.tenantId, ...fields, allPermissions: false },
        fields.menuIds,
      );
      // Order, status and remark are not part of the creation event: one change records them.
      await runRole(
        request,
        roleId,
        await role(request, roleId),
        { type: 'ChangeRole', ...fields, status, orderNum, remark },
        fields.menuIds,
      );
      return ok(request, await role(request, roleId));
    },
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
    async (request) => {
      const { roleId, ...body } = request.body;
      const current = await role(request, roleId);
      const fields = await roleFields(request, body);
      await runRole(request, roleId, current, { type: 'ChangeRole', ...fields }, fields.menuIds);
      return ok(request, await role(request, roleId));
    },
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
      const current = await role(request, request.body.roleId);
      const { roleId: _, admin: __, userCount: ___, dataScope: _s, deptIds: _d, ...fields } = current;
      await runRole(
        request,
        current.roleId,
        current,
        { type: 'ChangeRole', ...fields, status: request.body.status },
        current.menuIds,
      );
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
      const roleIds = [...new Set(request.params.roleIds.split(','))];
      // All checked first: one refused role leaves every role in place.
      const found = [];
      for (const roleId of roleIds) {
        const current = await role(request, roleId);
        if (current.admin) throw new DomainError('error.role.builtIn');
        if (current.userCount > 0) throw new DomainError('error.role.inUse');
        const refused = roleAdministrationRefusal(await roleAdministration(request, current, []));
        if (refused) throw refused;
        found.push(current);
      }
      for (const current of found)
        await runRole(request, current.roleId, current, { type: 'DeleteRole' }, []);
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
      const found = await role(request, request.params.roleId);
      const depts = await scoped(request, (sql) => listDepts(sql));
      const children = (parentId: string | null): MenuTreeNode[] =>
        depts
          .filter((d) => d.parentId === parentId)
          .map((d) => {
            const below = children(d.deptId);
            return below.length
              ? { id: d.deptId, label: d.deptName, children: below }
              : { id: d.deptId, label: d.deptName };
          });
      const answer = { depts: children(null), checkedKeys: found.deptIds };
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
    async (request) => {
      const { roleId, dataScope, deptIds } = request.body;
      const current = await role(request, roleId);
      const known = new Set((await scoped(request, (sql) => listDepts(sql))).map((d) => d.deptId));
      const unknownDepts = deptIds.filter((id) => !known.has(id)).length;
      // A role beyond the actor is beyond them here too: its menus stay as they are.
      await runRole(
        request,
        roleId,
        current,
        { type: 'ChangeDataScope', dataScope, deptIds, unknownDepts },
        current.menuIds,
      );
      return ok(request, await role(request, roleId));
    },
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
    async (request) => ok(request, await menuTree(db, callerOf(request), request)),
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
      const found = await role(request, request.params.roleId);
      const caller = callerOf(request);
      const assignable = await assignableMenus(db, caller);
      const checkedKeys = found.admin ? assignable.map((m) => m.menuId) : found.menuIds;
      const answer = { menus: await menuTree(db, caller, request), checkedKeys };
      return okWith(request, answer, answer);
    },
  );
};
