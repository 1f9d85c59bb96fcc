import {
  administrationRefusal,
  DomainError,
  type StaffAdministration,
  type UserCommand,
  userDecider,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  builtInAdministratorId,
  getDept,
  getRoles,
  getStaffUser,
  getUser,
  listUsers,
  roleOptions,
} from '@hydrolog/projections';
import {
  apiResponses,
  changeStatusBodySchema,
  createdUserSchema,
  createUserBodySchema,
  envelopeSchema,
  envelopeWithSchema,
  idListSchema,
  initialPasswordSchema,
  listEnvelopeSchema,
  noDataResponses,
  roleOptionSchema,
  updateUserBodySchema,
  userListBodySchema,
  userRowSchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, newInitialPassword } from '../auth/crypto.ts';
import { authorityOf, callerOf, permissionsOf, readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList, okWith } from '../http.ts';
import { permsByMenu } from '../menus.ts';

const userResponse = apiResponses(envelopeSchema(userRowSchema));
const userIdParams = z.object({ userId: z.uuid() });

/** Staff users of the caller's tenant (spec section 7 /system/user): every lookup goes through its tenant. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);

  /** The user of the caller's tenant, or "not found" (also for another tenant's id). */
  async function staffUser(request: FastifyRequest, userId: string) {
    const user = await scoped(request, (sql) => getStaffUser(sql, userId));
    if (!user) throw new DomainError('error.user.notFound');
    return user;
  }

  /** A department must be the tenant's own. */
  async function checkDept(request: FastifyRequest, deptId: string | null) {
    if (deptId && !(await scoped(request, (sql) => getDept(sql, deptId))))
      throw new DomainError('error.dept.notFound');
  }

  /** Roles must be the tenant's own. */
  async function checkRoles(request: FastifyRequest, roleIds: readonly string[]) {
    const found = await scoped(request, (sql) => getRoles(sql, roleIds));
    if (found.length !== new Set(roleIds).size) throw new DomainError('error.role.notFound');
  }

  /** The permissions the roles carry, disabled ones too (they can be enabled again). */
  async function permissionsOfRoles(request: FastifyRequest, roleIds: readonly string[]) {
    const roles = await scoped(request, (sql) => getRoles(sql, roleIds));
    return permissionsOf(roles, await permsByMenu(db));
  }

  /** The facts the deciders' authority rule needs: on user `userId` (null: a new one), giving `roleIds`. */
  async function administration(
    request: FastifyRequest,
    userId: string | null,
    roleIds: readonly string[],
  ): Promise<StaffAdministration> {
    const target = userId ? await scoped(request, (sql) => getUser(sql, userId)) : null;
    return {
      by: authorityOf(callerOf(request)),
      target: {
        permissions: target ? await permissionsOfRoles(request, target.role_ids) : [],
        builtInAdministrator: userId !== null && (await scoped(request, builtInAdministratorId)) === userId,
      },
      granted: await permissionsOfRoles(request, roleIds),
    };
  }

  /** Runs an administrator's commands on a user, each under the authority rule. */
  async function run(
    request: FastifyRequest,
    userId: string,
    commands: UserCommand[],
    facts: StaffAdministration,
  ) {
    const caller = callerOf(request);
    const administered = commands.map((command) => ({ ...command, administration: facts }));
    await execute(store, userDecider, userId, administered, {
      metadata: { tenantId: caller.tenantId, userId: caller.userId, correlationId: request.id },
      taken: 'error.user.exists',
    });
  }

  function notSelf(request: FastifyRequest, userId: string) {
    if (callerOf(request).userId === userId) throw new DomainError('error.user.self');
  }

  app.post(
    '/system/user/list',
    {
      config: { ...requires('system:user:list'), reads: true },
      schema: {
        tags: ['users'],
        summary: "List the tenant's staff users (body filter)",
        body: userListBodySchema,
        response: apiResponses(listEnvelopeSchema(userRowSchema)),
      },
    },
    async (request) =>
      okList(
        request,
        await scoped(request, (sql) => listUsers(sql, request.body, callerOf(request).dataScope)),
      ),
  );

  app.get(
    '/system/user/listAll',
    {
      config: requires('system:user:list'),
      schema: {
        tags: ['users'],
        summary: 'Every staff user of the tenant',
        response: apiResponses(envelopeSchema(z.array(userRowSchema))),
      },
    },
    async (request) => {
      const page = await scoped(request, (sql) =>
        listUsers(sql, { pageNum: 1, pageSize: 10_000 }, callerOf(request).dataScope),
      );
      return ok(request, page.rows);
    },
  );

  app.get(
    '/system/role/optionselect',
    {
      config: requires('system:user:list'),
      schema: {
        tags: ['users'],
        summary: "The tenant's roles, for choosing",
        response: apiResponses(envelopeSchema(z.array(roleOptionSchema))),
      },
    },
    async (request) => ok(request, await scoped(request, roleOptions)),
  );

  /** Beside a user (or none, for a new one): the roles to choose from and the user's, as RuoYi's form reads them. */
  const userFormResponse = (data: z.ZodType) =>
    apiResponses(
      envelopeWithSchema(data, {
        roles: z.array(roleOptionSchema),
        roleIds: z.array(z.string()),
        // RuoYi's posts (job titles) are not a concept of this product: always empty.
        posts: z.array(z.never()),
        postIds: z.array(z.never()),
      }),
    );
  const userForm = async <T extends { roleIds: string[] } | null>(request: FastifyRequest, user: T) =>
    okWith(request, user, {
      roles: await scoped(request, roleOptions),
      roleIds: user?.roleIds ?? [],
      posts: [],
      postIds: [],
    });

  app.get(
    '/system/user/',
    {
      config: requires('system:user:query'),
      schema: {
        tags: ['users'],
        summary: 'The roles a new user may get',
        response: userFormResponse(z.null()),
      },
    },
    async (request) => userForm(request, null),
  );

  app.get(
    '/system/user/:userId',
    {
      config: requires('system:user:query'),
      schema: {
        tags: ['users'],
        summary: 'One staff user, with the roles to choose from',
        params: userIdParams,
        response: userFormResponse(userRowSchema),
      },
    },
    async (request) => userForm(request, await staffUser(request, request.params.userId)),
  );

  app.post(
    '/system/user',
    {
      config: requires('system:user:add'),
      schema: {
        tags: ['users'],
        summary: 'Create a staff user; the answer carries the random initial password, shown once',
        body: createUserBodySchema,
        response: apiResponses(envelopeSchema(createdUserSchema)),
      },
    },
    async (request) => {
      const { userName, nickName, email, phonenumber, roleIds, deptId, status } = request.body;
      await checkRoles(request, roleIds);
      await checkDept(request, deptId);
      const userId = uuidv7();
      const initialPassword = newInitialPassword();
      const commands: UserCommand[] = [
        {
          type: 'CreateUser',
          userId,
          tenantId: callerOf(request).tenantId,
          userName,
          nickName,
          email: email || null,
          phonenumber: phonenumber || null,
          passwordHash: await hashPassword(initialPassword),
          initialPassword: true,
          roleIds,
          deptId,
          createdAt: new Date().toISOString(),
        },
      ];
      if (status === '1') commands.push({ type: 'ChangeStatus', status });
      await run(request, userId, commands, await administration(request, null, roleIds));
      return ok(request, { ...(await staffUser(request, userId)), initialPassword });
    },
  );

  app.put(
    '/system/user',
    {
      config: requires('system:user:edit'),
      schema: {
        tags: ['users'],
        summary: "Change a staff user's name, contacts and roles",
        body: updateUserBodySchema,
        response: userResponse,
      },
    },
    async (request) => {
      const { userId, nickName, email, phonenumber, roleIds, deptId } = request.body;
      const current = await scoped(request, (sql) => getUser(sql, userId));
      if (!current) throw new DomainError('error.user.notFound');
      await checkRoles(request, roleIds);
      await checkDept(request, deptId);
      const sex = current.sex as '0' | '1' | '2' | null; // kept: only the user changes it, in the profile
      await run(
        request,
        userId,
        [
          { type: 'ChangeProfile', nickName, email: email || null, phonenumber: phonenumber || null, sex },
          { type: 'ChangeRoles', roleIds },
          { type: 'ChangeDept', deptId },
        ],
        await administration(request, userId, roleIds),
      );
      return ok(request, await staffUser(request, userId));
    },
  );

  app.put(
    '/system/user/changeStatus',
    {
      config: requires('system:user:edit'),
      schema: {
        tags: ['users'],
        summary: 'Enable or disable a staff user (disabling ends their sessions)',
        body: changeStatusBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      const { userId, status } = request.body;
      notSelf(request, userId);
      await staffUser(request, userId);
      await run(
        request,
        userId,
        [{ type: 'ChangeStatus', status }],
        await administration(request, userId, []),
      );
      return ok(request, null);
    },
  );

  app.put(
    '/system/user/resetPwd/:userId',
    {
      config: requires('system:user:resetPwd'),
      schema: {
        tags: ['users'],
        summary: 'Reset to a new random initial password (answered once); the user changes it at next login',
        params: userIdParams,
        response: apiResponses(envelopeSchema(initialPasswordSchema)),
      },
    },
    async (request) => {
      const { userId } = request.params;
      // One's own password is changed in the profile, knowing the old one.
      notSelf(request, userId);
      await staffUser(request, userId);
      const initialPassword = newInitialPassword();
      const passwordHash = await hashPassword(initialPassword);
      await run(
        request,
        userId,
        [
          {
            type: 'ChangePassword',
            passwordHash,
            initialPassword: true,
            changedAt: new Date().toISOString(),
          },
        ],
        await administration(request, userId, []),
      );
      return ok(request, { initialPassword });
    },
  );

  app.delete(
    '/system/user/:userIds',
    {
      config: requires('system:user:remove'),
      schema: {
        tags: ['users'],
        summary: 'Delete staff users (not oneself)',
        params: z.object({
          userIds: idListSchema,
        }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const userIds = [...new Set(request.params.userIds.split(','))];
      // All checked first: one refused id leaves every user in place.
      const deletions = [];
      for (const userId of userIds) {
        notSelf(request, userId);
        await staffUser(request, userId);
        const facts = await administration(request, userId, []);
        const refused = administrationRefusal(facts, userId);
        if (refused) throw refused;
        deletions.push({ userId, facts });
      }
      for (const { userId, facts } of deletions) await run(request, userId, [{ type: 'DeleteUser' }], facts);
      return ok(request, null);
    },
  );
};
