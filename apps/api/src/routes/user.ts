import { DomainError, recoveryDecider, userDecider } from '@hydrolog/domain';
import {
  findUserByAccount,
  getDept,
  getTenant,
  getUser,
  type UserRow,
  withTenant,
} from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  envelopeWithSchema,
  type MessageKey,
  noDataResponses,
  passwordSchema,
  recoveryResetBodySchema,
  tenantBrandSchema,
  toFieldError,
  translate,
  type UserInfo,
  updateLanguageBodySchema,
  updatePasswordQuerySchema,
  updateProfileBodySchema,
  userInfoSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf } from '../auth/client.ts';
import { hashPassword } from '../auth/crypto.ts';
import { type Caller, callerMetadata, callerOf, ownSession, signedIn } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { recoveryCodeHash } from '../auth/one-time-codes.ts';
import { execute } from '../commands.ts';
import { invalid, ok, okWith, requestLanguage } from '../http.ts';
import { saveImageUpload } from '../uploads.ts';

const userViewSchema = userInfoSchema.shape.user;

/** The signed-in user's own session, profile, password and language; password recovery. */
export const userRoutes: FastifyPluginAsyncZod<{ identity: Identity; uploadsDir: string }> = async (
  app,
  { identity, uploadsDir },
) => {
  const { services } = identity;
  const { db, store } = services;

  /** The caller's user and tenant rows, read through row-level security. */
  async function own(caller: Caller) {
    return withTenant(db, caller.tenantId, async (sql) => {
      const user = await getUser(sql, caller.userId);
      const tenant = await getTenant(sql, caller.tenantId);
      if (!user || !tenant) throw new DomainError('error.user.notFound');
      const dept = user.dept_id ? await getDept(sql, user.dept_id) : null;
      return { user, tenant, deptName: dept?.deptName ?? null };
    });
  }

  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

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
      const caller = callerOf(request);
      const { user, tenant, deptName } = await own(caller);
      const { settings } = tenant;
      const firstRole = caller.roles[0];
      const info: UserInfo = {
        user: userView(user, tenant.userType, deptName),
        tenant: {
          tenantId: tenant.tenantId,
          tenantName: tenant.name,
          logoUrl: tenant.logoUrl,
          kind: tenant.kind,
          trial: tenant.trial,
          trialDaysLeft: tenant.trialDaysLeft,
          settings,
        },
        roles: caller.roleKeys,
        roleKey: caller.roleKeys[0]!,
        roleId: firstRole?.role_id ?? null,
        permissions: caller.permissions,
        userType: tenant.userType,
        country: settings.country ?? null,
        currencyUnit: settings.currencyUnit ?? null,
        lngLat: [settings.initLng, settings.initLat],
        initPassword: user.initial_password,
        // Filled by the gateway, platform and meter-reading modules.
        gateways: [],
        tenants: [],
        readMeters: [],
      };
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
      const { tenant } = await own(callerOf(request));
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
      const caller = callerOf(request);
      await execute(
        store,
        userDecider,
        caller.userId,
        [{ type: 'ChangeLanguage', language: request.body.language }],
        meta(request),
      );
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
      const caller = callerOf(request);
      const { user, tenant, deptName } = await own(caller);
      const roleGroup = caller.roles.map((r) => r.role_name).join(', ');
      // Posts (RuoYi's job titles) are not a concept of this product: the group is empty.
      return okWith(request, userView(user, tenant.userType, deptName), { roleGroup, postGroup: '' });
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
      const caller = callerOf(request);
      const { nickName, email, phonenumber, sex } = request.body;
      await execute(
        store,
        userDecider,
        caller.userId,
        [
          {
            type: 'ChangeProfile',
            nickName,
            email: email || null,
            phonenumber: phonenumber || null,
            sex: sex ?? null,
          },
        ],
        { ...meta(request), taken: 'error.user.exists' },
      );
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
      const caller = callerOf(request);
      const { user } = await own(caller);
      const oldPassword = identity.cipher.decrypt(request.query.oldPassword);
      const newPassword = identity.cipher.decrypt(request.query.newPassword);
      if (oldPassword === null || newPassword === null) throw new DomainError('error.login.undecryptable');
      // A wrong old password counts towards the lock like a wrong login: a stolen token gives no free guesses.
      await identity.checkPassword(user, oldPassword, user.user_name, clientOf(request)).catch((error) => {
        throw error instanceof DomainError && error.key === 'error.login.badCredentials'
          ? new DomainError('error.password.oldWrong')
          : error;
      });
      // Not `return reply.send()` from a helper: a reply is thenable, awaiting it loses the early return.
      const errors = await newPasswordErrors(request, newPassword, oldPassword);
      if (errors.length) return reply.status(400).send(invalid(request, errors));
      await setPassword(request, user, newPassword);
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
      const caller = callerOf(request);
      const imgUrl = await saveImageUpload(request, uploadsDir, 'avatarfile', 'avatar');
      await execute(
        store,
        userDecider,
        caller.userId,
        [{ type: 'ChangeAvatar', avatar: imgUrl }],
        meta(request),
      );
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
      const { account, code, password } = request.body;
      const newPassword = identity.cipher.decrypt(password);
      if (newPassword === null) throw new DomainError('error.login.undecryptable');
      // The password rules first: an unknown account must not answer differently from a known one.
      const errors = await newPasswordErrors(request, newPassword, null);
      if (errors.length) return reply.status(400).send(invalid(request, errors));
      const user = await findUserByAccount(db, account);
      if (!user) throw new DomainError('error.recovery.codeWrong');
      const { events } = await execute(
        store,
        recoveryDecider,
        user.user_id,
        [
          {
            type: 'UseRecoveryCode',
            codeHash: recoveryCodeHash(user.user_id, code),
            now: identity.now().toISOString(),
          },
        ],
        { metadata: { tenantId: user.tenant_id, userId: user.user_id, correlationId: request.id } },
      );
      // A wrong code is recorded (it counts towards the five tries) and then refused.
      if (!events.some((e) => e.type === 'RecoveryCodeUsed' && e.data.success)) {
        throw new DomainError('error.recovery.codeWrong');
      }
      await setPassword(request, user, newPassword);
      return ok(request, null);
    },
  );

  /** Section 5 rules on a new password (known only once decrypted): the field errors, none when acceptable. */
  async function newPasswordErrors(request: FastifyRequest, password: string, oldPassword: string | null) {
    const language = requestLanguage(request);
    const field = (message: MessageKey) => [{ field: 'newPassword', message: translate(message, language) }];
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success)
      return parsed.error.issues.map((i) => ({ ...toFieldError(i, language), field: 'newPassword' }));
    if (oldPassword !== null && password === oldPassword) return field('validation.password.sameAsOld');
    if (password === (await identity.settings()).initPassword)
      return field('validation.password.sameAsInitial');
    return [];
  }

  /** A new password: every earlier session of the user stops working (they started before the change). */
  async function setPassword(request: FastifyRequest, user: UserRow, password: string) {
    await execute(
      store,
      userDecider,
      user.user_id,
      [
        {
          type: 'ChangePassword',
          passwordHash: await hashPassword(password),
          initialPassword: false,
          changedAt: new Date().toISOString(),
        },
      ],
      { metadata: { tenantId: user.tenant_id, userId: user.user_id, correlationId: request.id } },
    );
  }
};

function userView(user: UserRow, userType: string, deptName: string | null): UserInfo['user'] {
  return {
    userId: user.user_id,
    userName: user.user_name,
    nickName: user.nick_name,
    email: user.email,
    phonenumber: user.phonenumber,
    sex: user.sex,
    avatar: user.avatar,
    introduction: null,
    deptId: user.dept_id,
    deptName,
    tenantId: user.tenant_id,
    userType,
    language: user.language,
    createTime: user.created_at.toISOString(),
  };
}
