import { z } from 'zod';
import { emailSchema, phoneSchema, roleTypeSchema, userStatusSchema } from './account.ts';

/** Departments and roles of a tenant (spec sections 2, 5 and 6): bodies, views and events. */

/** Department name 1-20 characters (spec section 5). */
export const deptNameSchema = z.string().trim().min(1, 'validation.required').max(20, 'validation.tooLong');
/** Role name 1-30 characters (spec section 5). */
export const roleNameSchema = z.string().trim().min(1, 'validation.required').max(30, 'validation.tooLong');
export const roleKeySchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(50, 'validation.tooLong')
  .regex(/^[A-Za-z][A-Za-z0-9_:.-]*$/, 'validation.invalidFormat');

const deptFields = {
  parentId: z.uuid().nullable(),
  deptName: deptNameSchema,
  orderNum: z.number().int().min(0).max(9999),
  leader: z.string().trim().max(20, 'validation.tooLong').nullable(),
  phone: phoneSchema.nullable(),
  email: emailSchema.nullable(),
  status: userStatusSchema,
};

export const deptBodySchema = z.object({
  parentId: z.uuid().nullable().default(null),
  deptName: deptNameSchema,
  orderNum: z.number().int().min(0).max(9999).default(0),
  // Null, as the view shows an absent value, is taken back as absent (a GET → PUT round trip works).
  leader: z.string().trim().max(20, 'validation.tooLong').nullish(),
  phone: phoneSchema.or(z.literal('')).nullish(),
  email: emailSchema.or(z.literal('')).nullish(),
  status: userStatusSchema.default('0'),
});
export type DeptBody = z.input<typeof deptBodySchema>;
export const updateDeptBodySchema = deptBodySchema.extend({ deptId: z.uuid() });

export const deptViewSchema = z.object({
  deptId: z.string(),
  ...deptFields,
  parentId: z.string().nullable(),
  userCount: z.number().int(),
  createTime: z.string(),
});
export type DeptView = z.infer<typeof deptViewSchema>;

/**
 * Which records a role's users see in the lists of customers, meters and users (RuoYi's five scopes):
 * 1 all, 2 the departments chosen for the role, 3 their own department, 4 their own department and those
 * below it, 5 only their own records. A user with several roles sees the union of what each gives.
 */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export const dataScopeSchema = z.enum(DATA_SCOPES, 'validation.invalidValue');
export type DataScopeKind = z.infer<typeof dataScopeSchema>;

/** PUT /system/role/dataScope: the scope, and the departments of a custom one (RuoYi sends the role form). */
export const roleDataScopeBodySchema = z.object({
  roleId: z.uuid(),
  dataScope: dataScopeSchema,
  deptIds: z
    .array(z.uuid())
    .max(1000)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])].sort()),
});
export type RoleDataScopeBody = z.input<typeof roleDataScopeBodySchema>;

export const roleBodySchema = z.object({
  roleName: roleNameSchema,
  roleKey: roleKeySchema,
  roleType: roleTypeSchema.default('general'),
  orderNum: z.number().int().min(0).max(9999).default(0),
  status: userStatusSchema.default('0'),
  /** Menus and buttons ticked in the menu tree (menu ids of the catalogue). */
  menuIds: z.array(z.string().max(100)).max(1000).default([]),
  remark: z.string().max(500, 'validation.tooLong').nullish(),
});
export type RoleBody = z.input<typeof roleBodySchema>;
export const updateRoleBodySchema = roleBodySchema.extend({ roleId: z.uuid() });

export const roleViewSchema = z.object({
  roleId: z.string(),
  roleName: z.string(),
  roleKey: z.string(),
  roleType: roleTypeSchema,
  orderNum: z.number().int(),
  status: userStatusSchema,
  menuIds: z.array(z.string()),
  /** The administrator role: every permission; it cannot be edited or deleted. */
  admin: z.boolean(),
  dataScope: dataScopeSchema,
  /** The departments of a custom scope (2); empty for the others. */
  deptIds: z.array(z.string()),
  userCount: z.number().int(),
  remark: z.string().nullable(),
});
export type RoleView = z.infer<typeof roleViewSchema>;

/** A node of the menu tree roles are ticked on (GET /system/menu/treeselect). */
export interface MenuTreeNode {
  id: string;
  label: string;
  children?: MenuTreeNode[];
}
const menuTreeNodeSchema: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({ id: z.string(), label: z.string(), children: z.array(menuTreeNodeSchema).optional() }),
);
export const menuTreeSchema = z.array(menuTreeNodeSchema);

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

export const organisationEventSchemas = {
  DeptCreated: eventSchema(z.object({ deptId: z.uuid(), tenantId: z.uuid(), ...deptFields })),
  DeptChanged: eventSchema(z.object({ deptId: z.uuid(), ...deptFields })),
  DeptDeleted: eventSchema(z.object({ deptId: z.uuid() })),
  UserDeptChanged: eventSchema(z.object({ userId: z.uuid(), deptId: z.uuid().nullable() })),
  RoleChanged: eventSchema(
    z.object({
      roleId: z.uuid(),
      roleName: roleNameSchema,
      roleKey: roleKeySchema,
      roleType: roleTypeSchema,
      orderNum: z.number().int(),
      status: userStatusSchema,
      menuIds: z.array(z.string()),
      remark: z.string().nullable(),
    }),
  ),
  RoleDeleted: eventSchema(z.object({ roleId: z.uuid() })),
  RoleDataScopeChanged: eventSchema(
    z.object({ roleId: z.uuid(), dataScope: dataScopeSchema, deptIds: z.array(z.uuid()) }),
  ),
};
