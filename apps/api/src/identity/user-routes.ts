import type { Sql } from '@hydrolog/eventstore';
import { listUsers, roleOptions } from '@hydrolog/projections';
import {
  apiResponses,
  changeStatusBodySchema,
  createdUserSchema,
  createUserBodySchema,
  envelopeSchema,
  idListSchema,
  initialPasswordSchema,
  listEnvelopeSchema,
  noDataResponses,
  roleOptionSchema,
  updateUserBodySchema,
  userFormEnvelopeSchema,
  userListBodySchema,
  userRowSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { distinctIds, ok, okList, okWith } from '../http.ts';
import { changeUser } from './change-user.ts';
import { changeUserStatus } from './change-user-status.ts';
import { createUser } from './create-user.ts';
import { deleteUsers } from './delete-users.ts';
import { resetUserPassword } from './reset-user-password.ts';
import { staffUser } from './staff.ts';

const userResponse = apiResponses(envelopeSchema(userRowSchema));
const userIdParams = z.object({ userId: z.uuid() });

/** Staff users of the caller's tenant (spec section 7 /system/user): every lookup goes through its tenant. */
export const userRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { services } = identity;
  const { db } = services;
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);

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
        response: apiResponses(userFormEnvelopeSchema(z.null())),
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
        response: apiResponses(userFormEnvelopeSchema(userRowSchema)),
      },
    },
    async (request) => userForm(request, await staffUser(services, request, request.params.userId)),
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
    async (request) => ok(request, await createUser(services, request, request.body)),
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
    async (request) => ok(request, await changeUser(services, request, request.body)),
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
      await changeUserStatus(services, request, request.body);
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
    async (request) =>
      ok(request, { initialPassword: await resetUserPassword(services, request, request.params.userId) }),
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
      await deleteUsers(services, request, distinctIds(request.params.userIds));
      return ok(request, null);
    },
  );
};
