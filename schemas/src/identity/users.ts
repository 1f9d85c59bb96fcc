import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../api.ts';
import { emailSchema, nickNameSchema, phoneSchema, userNameSchema, userStatusSchema } from './account.ts';

/** Staff user administration (POST /system/user/list and friends): bodies, filters and rows. */
// Null, as the row shows an absent value, is taken back as absent (a GET → PUT round trip works).
const optionalEmail = emailSchema.or(z.literal('')).nullish();
const optionalPhone = phoneSchema.or(z.literal('')).nullish();

export const createUserBodySchema = z.object({
  userName: userNameSchema,
  nickName: nickNameSchema,
  email: optionalEmail,
  phonenumber: optionalPhone,
  roleIds: z.array(z.uuid()).max(20).default([]),
  deptId: z.uuid().nullable().default(null),
  status: userStatusSchema.default('0'),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({
  userId: z.uuid(),
  nickName: nickNameSchema,
  email: optionalEmail,
  phonenumber: optionalPhone,
  roleIds: z.array(z.uuid()).max(20),
  deptId: z.uuid().nullable().default(null),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const changeStatusBodySchema = z.object({ userId: z.uuid(), status: userStatusSchema });

/** The body filter of POST /system/user/list, with the page. */
export const userListBodySchema = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.invalidValue' })
    .default(DEFAULT_PAGE_SIZE),
  userName: z.string().trim().max(30).optional(),
  phonenumber: z.string().trim().max(11).optional(),
  status: userStatusSchema.optional(),
  /** Users of this department and the departments below it. */
  deptId: z.uuid().optional(),
});
export type UserListBody = z.input<typeof userListBodySchema>;

export const userRowSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  phonenumber: z.string().nullable(),
  status: userStatusSchema,
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  initPassword: z.boolean(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  createTime: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** A new or reset user's initial password: random, shown once to the administrator, changed at first login. */
export const initialPasswordSchema = z.object({ initialPassword: z.string() });
export const createdUserSchema = userRowSchema.extend(initialPasswordSchema.shape);

export const roleOptionSchema = z.object({
  roleId: z.string(),
  roleName: z.string(),
  roleKey: z.string(),
  roleType: z.enum(['general', 'agent']),
});
export type RoleOption = z.infer<typeof roleOptionSchema>;
