import {
  apiResponses,
  envelopeSchema,
  envelopeWithSchema,
  type MapProvider,
  noDataResponses,
  recoveryResetBodySchema,
  tenantBrandSchema,
  updateLanguageBodySchema,
  updatePasswordQuerySchema,
  updateProfileBodySchema,
  userInfoSchema,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, ownSession, signedIn } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { invalid, ok, okWith } from '../http.ts';
import { changeAvatar } from './change-avatar.ts';
import { changeLanguage } from './change-language.ts';
import { changeOwnPassword } from './change-password.ts';
import { changeProfile } from './change-profile.ts';
import { own, profileOf, sessionInfo } from './profile.ts';
import { recoverPassword } from './recover-password.ts';

const userViewSchema = userInfoSchema.shape.user;

/** The signed-in user's own session, profile, password and language; password recovery. */
export const profileRoutes: FastifyPluginAsyncZod<{
  identity: Identity;
  uploadsDir: string;
  mapProviders: MapProvider[];
}> = async (app, { identity, uploadsDir, mapProviders }) => {
  const { services } = identity;
  const { db } = services;

  app.get(
    '/system/user/getInfo',
    {
      config: ownSession,
      schema: {
        tags: ['user'],
        summary:
          'The session: user, tenant, roles, permissions (spec section 3); user, roles and permissions also beside data, where RuoYi clients read them',
        response: apiResponses(
          envelopeWithSchema(userInfoSchema, {
            user: userViewSchema,
            roles: userInfoSchema.shape.roles,
            permissions: userInfoSchema.shape.permissions,
          }),
        ),
      },
    },
    async (request) => {
      const info = await sessionInfo(db, request, mapProviders);
      return okWith(request, info, { user: info.user, roles: info.roles, permissions: info.permissions });
    },
  );

  app.get(
    '/system/user/getTenant',
    {
      config: ownSession,
      schema: {
        tags: ['user'],
        summary: "The caller's tenant name and logo",
        response: apiResponses(envelopeSchema(tenantBrandSchema)),
      },
    },
    async (request) => {
      const { tenant } = await own(db, callerOf(request));
      return ok(request, { tenantName: tenant.name, logoUrl: tenant.logoUrl });
    },
  );

  app.put(
    '/system/user/updateLanguage',
    {
      config: ownSession,
      schema: {
        tags: ['user'],
        summary: 'Change the interface language of the caller',
        body: updateLanguageBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await changeLanguage(services, request, request.body.language);
      return { ...ok(request, null), msg: translate('ok', request.body.language) };
    },
  );

  app.get(
    '/system/user/profile',
    {
      config: ownSession,
      schema: {
        tags: ['user'],
        summary: "The caller's profile, with the names of their roles (and of their posts: none) beside it",
        response: apiResponses(
          envelopeWithSchema(userViewSchema, { roleGroup: z.string(), postGroup: z.string() }),
        ),
      },
    },
    async (request) => {
      const { profile, roleGroup } = await profileOf(db, request);
      // Posts (RuoYi's job titles) are not a concept of this product: the group is empty.
      return okWith(request, profile, { roleGroup, postGroup: '' });
    },
  );

  app.put(
    '/system/user/profile',
    {
      config: signedIn,
      schema: {
        tags: ['user'],
        summary: "Change the caller's name, email, phone or sex",
        body: updateProfileBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await changeProfile(services, request, request.body);
      return ok(request, null);
    },
  );

  app.put(
    '/system/user/profile/updatePwd',
    {
      config: ownSession,
      schema: {
        tags: ['user'],
        summary: 'Change the own password (both encrypted); every session of the user ends',
        querystring: updatePasswordQuerySchema,
        response: noDataResponses,
      },
    },
    async (request, reply) => {
      // Not `return reply.send()` from a helper: a reply is thenable, awaiting it loses the early return.
      const errors = await changeOwnPassword(identity, request, request.query);
      if (errors.length) return reply.status(400).send(invalid(request, errors));
      return ok(request, null);
    },
  );

  app.post(
    '/system/user/profile/avatar',
    {
      config: signedIn,
      schema: {
        tags: ['user'],
        summary: 'Upload the own avatar (multipart field avatarfile; png or jpg, 5 MB at most)',
        consumes: ['multipart/form-data'],
        response: apiResponses(envelopeWithSchema(z.object({ imgUrl: z.string() }), { imgUrl: z.string() })),
      },
    },
    async (request) => {
      const imgUrl = await changeAvatar(services, request, uploadsDir);
      return okWith(request, { imgUrl }, { imgUrl });
    },
  );

  app.put(
    '/system/user/reset/password',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['user'],
        summary: 'Set a new password (encrypted) with the one-time code of /system/msg/send',
        body: recoveryResetBodySchema,
        response: noDataResponses,
      },
    },
    async (request, reply) => {
      const errors = await recoverPassword(identity, request, request.body);
      if (errors.length) return reply.status(400).send(invalid(request, errors));
      return ok(request, null);
    },
  );
};
