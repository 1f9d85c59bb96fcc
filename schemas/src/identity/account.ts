import { z } from 'zod';
import { LANGUAGES } from '../messages/index.ts';
import { mapProviderSchema, tenantSettingsSchema } from '../tenant-settings.ts';
import { menuEventSchemas } from './menu-admin.ts';
import type { RouterNode } from './menus.ts';

/**
 * A person's account: the field rules of users, login and the session, their own password, profile and
 * recovery; and the events of users, sessions and menus.
 */

/** Spec section 5: 6-16 characters with digits, upper-case and lower-case letters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, 'validation.password.length')
  .max(PASSWORD_MAX, 'validation.password.length')
  .regex(/\d/, 'validation.password.rules')
  .regex(/[a-z]/, 'validation.password.rules')
  .regex(/[A-Z]/, 'validation.password.rules');

/** Spec section 5: letters, digits and underscore, not starting with a digit or underscore. */
export const userNameSchema = z
  .string()
  .trim()
  .min(2, 'validation.userName.length')
  .max(30, 'validation.userName.length')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'validation.userName.rules');
/** Staff name, 1-20 characters. */
export const nickNameSchema = z.string().trim().min(1, 'validation.required').max(20, 'validation.tooLong');
export const emailSchema = z.email('validation.email').max(100);
/** Mobile number: 11 digits (spec section 5). */
export const phoneSchema = z.string().regex(/^\d{11}$/, 'validation.phone');
export const languageSchema = z.enum(LANGUAGES);
export const roleTypeSchema = z.enum(['general', 'agent']);
export const userStatusSchema = z.enum(['0', '1']); // 0 enabled, 1 disabled (RuoYi)

/** POST /auth/login. `password` is the RSA-OAEP (SHA-256) ciphertext, base64. */
export const loginBodySchema = z.object({
  areaCode: z.string().max(8).optional(),
  username: z.string().trim().min(1, 'validation.username.required').max(100, 'validation.tooLong'),
  password: z.string().min(1, 'validation.password.required').max(2048, 'validation.tooLong'),
  rememberMe: z.boolean().default(false),
  code: z.string().trim().max(10, 'validation.tooLong').optional(),
  uuid: z.string().max(64).optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The login form in the browser, before the password is encrypted. */
export const loginFormSchema = z.object({
  areaCode: z.string().max(8),
  username: z.string().trim().min(1, 'validation.username.required').max(100, 'validation.tooLong'),
  password: z.string().min(1, 'validation.password.required').max(100, 'validation.tooLong'),
  rememberMe: z.boolean(),
  code: z.string().trim().max(10, 'validation.tooLong'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Answer of POST /auth/login; expires_in is in minutes, as RuoYi-Cloud sends it. */
export const loginResultSchema = z.object({ access_token: z.string(), expires_in: z.number().int() });
export const refreshResultSchema = z.object({ expires_in: z.number().int() });
export const publicKeySchema = z.object({ publicKey: z.string() });
/** GET /auth/code: a captcha image (an SVG data URL) and the id to send back with the answer. */
export const captchaSchema = z.object({
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  img: z.string().optional(),
});

/** The change-password form (personal centre and the forced dialog): section 5 rules and section 8 message. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, 'validation.password.oldRequired'),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'validation.password.confirmRequired'),
  })
  .refine((f) => f.newPassword === f.confirmPassword, {
    message: 'validation.password.mismatch',
    path: ['confirmPassword'],
  })
  .refine((f) => f.newPassword !== f.oldPassword, {
    message: 'validation.password.sameAsOld',
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** PUT /system/user/profile/updatePwd (query): both passwords RSA-encrypted. */
export const updatePasswordQuerySchema = z.object({
  userId: z.string().optional(),
  oldPassword: z.string().min(1, 'validation.password.oldRequired').max(2048),
  newPassword: z.string().min(1, 'validation.password.required').max(2048),
});

export const updateLanguageBodySchema = z.object({ language: languageSchema, userId: z.string().optional() });

export const updateProfileBodySchema = z.object({
  nickName: nickNameSchema,
  // Null, as the profile shows an absent value, is taken back as absent (a GET → PUT round trip works).
  email: emailSchema.or(z.literal('')).nullish(),
  phonenumber: phoneSchema.or(z.literal('')).nullish(),
  sex: z.enum(['0', '1', '2']).nullish(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** Password recovery, step 1 (POST /system/msg/send): a one-time code to the account's email or phone. */
export const recoveryCodeBodySchema = z.object({
  purpose: z.literal('resetPassword'),
  /** User name, email or phone of the account. */
  account: z.string().trim().min(1, 'validation.required').max(100),
});
/** Step 2 (PUT /system/user/reset/password): the code and the new password (RSA-encrypted). */
export const recoveryResetBodySchema = z.object({
  account: z.string().trim().min(1, 'validation.required').max(100),
  code: z.string().regex(/^\d{6}$/, 'validation.code'),
  password: z.string().min(1, 'validation.password.required').max(2048),
});

/** Avatar upload limits (spec section 5). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Session of spec section 3, as GET /system/user/getInfo answers it. */
export const userInfoSchema = z.object({
  user: z.object({
    userId: z.string(),
    userName: z.string(),
    nickName: z.string(),
    email: z.string().nullable(),
    phonenumber: z.string().nullable(),
    sex: z.string().nullable(),
    avatar: z.string().nullable(),
    introduction: z.string().nullable(),
    deptId: z.string().nullable(),
    deptName: z.string().nullable(),
    tenantId: z.string(),
    userType: z.string(),
    language: languageSchema.nullable(),
    createTime: z.string(),
  }),
  tenant: z.object({
    tenantId: z.string(),
    tenantName: z.string(),
    logoUrl: z.string().nullable(),
    kind: z.enum(['platform', 'utility']),
    trial: z.boolean(),
    trialDaysLeft: z.number().int().nullable(),
    settings: tenantSettingsSchema,
  }),
  roles: z.array(z.string()),
  roleKey: z.string(),
  roleId: z.string().nullable(),
  permissions: z.array(z.string()),
  userType: z.string(),
  country: z.string().nullable(),
  currencyUnit: z.string().nullable(),
  lngLat: z.tuple([z.number(), z.number()]),
  /** The basemaps the service is configured with (none: maps draw without one). */
  mapProviders: z.array(mapProviderSchema),
  /** The initial password is still in use: the forced change-password dialog shows. */
  initPassword: z.boolean(),
  gateways: z.array(z.object({ gatewayId: z.string(), name: z.string() })),
  tenants: z.array(z.object({ tenantId: z.string(), tenantName: z.string() })),
  readMeters: z.array(z.object({ planId: z.string(), name: z.string() })),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const tenantBrandSchema = z.object({ tenantName: z.string(), logoUrl: z.string().nullable() });

const routerNodeSchema: z.ZodType<RouterNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    component: z.string(),
    alwaysShow: z.boolean().optional(),
    meta: z.object({
      title: z.string(),
      icon: z.string().nullable(),
      noCache: z.boolean(),
      link: z.string().nullable(),
    }),
    children: z.array(routerNodeSchema).optional(),
  }),
);
export const routersSchema = z.array(routerNodeSchema);

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });
const clientSchema = z.object({
  ip: z.string().max(64),
  browser: z.string().max(64),
  os: z.string().max(64),
});

export const identityEventSchemas = {
  UserCreated: eventSchema(
    z.object({
      userId: z.uuid(),
      tenantId: z.uuid(),
      userName: userNameSchema,
      nickName: nickNameSchema,
      email: z.string().nullable(),
      phonenumber: z.string().nullable(),
      passwordHash: z.string(),
      initialPassword: z.boolean(),
      roleIds: z.array(z.uuid()),
      deptId: z.uuid().nullable(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  UserPasswordChanged: eventSchema(
    z.object({
      userId: z.uuid(),
      passwordHash: z.string(),
      /** True when an administrator reset it to the initial password: the user must change it again. */
      initialPassword: z.boolean(),
      changedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  UserLanguageChanged: eventSchema(z.object({ userId: z.uuid(), language: languageSchema })),
  UserProfileChanged: eventSchema(
    z.object({
      userId: z.uuid(),
      nickName: nickNameSchema,
      email: z.string().nullable(),
      phonenumber: z.string().nullable(),
      sex: z.enum(['0', '1', '2']).nullable(),
    }),
  ),
  UserAvatarChanged: eventSchema(z.object({ userId: z.uuid(), avatar: z.string().max(300) })),
  UserStatusChanged: eventSchema(z.object({ userId: z.uuid(), status: userStatusSchema })),
  UserRolesChanged: eventSchema(z.object({ userId: z.uuid(), roleIds: z.array(z.uuid()) })),
  UserDeleted: eventSchema(z.object({ userId: z.uuid() })),
  RoleCreated: eventSchema(
    z.object({
      roleId: z.uuid(),
      tenantId: z.uuid(),
      roleName: z.string().trim().min(1).max(30),
      roleKey: z.string().trim().min(1).max(100),
      roleType: roleTypeSchema,
      menuIds: z.array(z.string()),
      /** Holds `*:*:*`: every permission and every menu of the tenant's kind. */
      allPermissions: z.boolean(),
    }),
  ),
  LoginSucceeded: eventSchema(
    clientSchema.extend({
      sessionId: z.uuid(),
      userId: z.uuid(),
      userName: z.string(),
      tokenHash: z.string(),
      /** "Remember me": the session lasts a week instead of 12 hours, and so does each refresh. */
      rememberMe: z.boolean(),
      at: z.iso.datetime({ offset: true }),
      expiresAt: z.iso.datetime({ offset: true }),
    }),
  ),
  LoginFailed: eventSchema(
    clientSchema.extend({
      userId: z.uuid().nullable(),
      userName: z.string().max(100),
      /** The message key of the reason (wrong password, locked, bad captcha...). */
      reason: z.string(),
      /** Whether it counts towards the lock (a wrong password does; a refused captcha does not). */
      counts: z.boolean(),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
  SessionRefreshed: eventSchema(
    z.object({ sessionId: z.uuid(), expiresAt: z.iso.datetime({ offset: true }) }),
  ),
  SessionEnded: eventSchema(
    z.object({
      sessionId: z.uuid(),
      reason: z.enum(['logout', 'expired']),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
  RecoveryCodeIssued: eventSchema(
    z.object({
      codeId: z.uuid(),
      userId: z.uuid(),
      codeHash: z.string(),
      channel: z.enum(['email', 'sms']),
      issuedAt: z.iso.datetime({ offset: true }),
      expiresAt: z.iso.datetime({ offset: true }),
    }),
  ),
  RecoveryCodeUsed: eventSchema(z.object({ codeId: z.uuid(), userId: z.uuid(), success: z.boolean() })),
  MessageQueued: eventSchema(
    z.object({
      messageId: z.uuid(),
      channel: z.enum(['email', 'sms']),
      to: z.string().max(200),
      text: z.string().max(1000),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
  ...menuEventSchemas,
};
