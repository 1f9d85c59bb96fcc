import { z } from 'zod';
import {
  envelopeSchema,
  envelopeWithSchema,
  listEnvelopeSchema,
  noDataEnvelopeSchema,
  pageQuerySchema,
} from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  captchaSchema,
  loginBodySchema,
  loginResultSchema,
  publicKeySchema,
  recoveryResetBodySchema,
  refreshResultSchema,
  routersSchema,
  updateLanguageBodySchema,
  updatePasswordQuerySchema,
  updateProfileBodySchema,
  userInfoSchema,
  userStatusSchema,
} from './account.ts';
import { menuBodySchema, menuViewSchema, updateMenuBodySchema } from './menu-admin.ts';
import {
  deptBodySchema,
  deptViewSchema,
  menuTreeSchema,
  roleBodySchema,
  roleDataScopeBodySchema,
  roleViewSchema,
  updateDeptBodySchema,
  updateRoleBodySchema,
} from './organisation.ts';
import {
  changeStatusBodySchema,
  createdUserSchema,
  createUserBodySchema,
  initialPasswordSchema,
  roleOptionSchema,
  updateUserBodySchema,
  userListBodySchema,
  userRowSchema,
} from './users.ts';

export const menuListQuerySchema = z.object({
  menuName: z.string().max(100).optional(),
  visible: z.enum(['true', 'false']).optional(),
});
export const deptListQuerySchema = z.object({
  deptName: z.string().max(20).optional(),
  status: userStatusSchema.optional(),
});
export const roleListQuerySchema = pageQuerySchema.extend({
  roleName: z.string().max(30).optional(),
  roleKey: z.string().max(50).optional(),
  status: userStatusSchema.optional(),
});
export const roleStatusBodySchema = z.object({ roleId: z.uuid(), status: userStatusSchema });
/** A tree with the ticked nodes: in data for this product's client, and beside it where RuoYi's reads it. */
export const menuTreeChecksSchema = z.object({ menus: menuTreeSchema, checkedKeys: z.array(z.string()) });
export const deptTreeChecksSchema = z.object({ depts: menuTreeSchema, checkedKeys: z.array(z.string()) });

const userView = userInfoSchema.shape.user;
/** Beside a user (or none, for a new one): the roles to choose from and the user's, as RuoYi's form reads them. */
export const userFormEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  envelopeWithSchema(data, {
    roles: z.array(roleOptionSchema),
    roleIds: z.array(z.string()),
    // RuoYi's posts (job titles) are not a concept of this product: always empty.
    posts: z.array(z.never()),
    postIds: z.array(z.never()),
  });

/** Sessions, profile, users, roles, departments and menus. */
export const identityRoutes = defineRoutes({
  'GET /auth/publicKey': { answer: envelopeSchema(publicKeySchema) },
  'GET /auth/code': { answer: envelopeSchema(captchaSchema) },
  'POST /auth/login': { body: loginBodySchema, answer: envelopeSchema(loginResultSchema) },
  'POST /auth/refresh': { answer: envelopeSchema(refreshResultSchema) },
  'DELETE /auth/logout': { answer: noDataEnvelopeSchema },
  'GET /system/user/getInfo': {
    answer: envelopeWithSchema(userInfoSchema, {
      user: userView,
      roles: userInfoSchema.shape.roles,
      permissions: userInfoSchema.shape.permissions,
    }),
  },
  'GET /system/menu/getRouters': { answer: envelopeSchema(routersSchema) },
  'PUT /system/user/updateLanguage': { body: updateLanguageBodySchema, answer: noDataEnvelopeSchema },
  'GET /system/user/profile': {
    answer: envelopeWithSchema(userView, { roleGroup: z.string(), postGroup: z.string() }),
  },
  'PUT /system/user/profile': { body: updateProfileBodySchema, answer: noDataEnvelopeSchema },
  'PUT /system/user/profile/updatePwd': { query: updatePasswordQuerySchema, answer: noDataEnvelopeSchema },
  'POST /system/user/profile/avatar': {
    multipart: true,
    answer: envelopeWithSchema(z.object({ imgUrl: z.string() }), { imgUrl: z.string() }),
  },
  'PUT /system/user/reset/password': { body: recoveryResetBodySchema, answer: noDataEnvelopeSchema },

  'POST /system/user/list': { body: userListBodySchema, answer: listEnvelopeSchema(userRowSchema) },
  'GET /system/user/:userId': { answer: userFormEnvelopeSchema(userRowSchema) },
  'GET /system/role/optionselect': { answer: envelopeSchema(z.array(roleOptionSchema)) },
  'POST /system/user': { body: createUserBodySchema, answer: envelopeSchema(createdUserSchema) },
  'PUT /system/user': { body: updateUserBodySchema, answer: envelopeSchema(userRowSchema) },
  'PUT /system/user/changeStatus': { body: changeStatusBodySchema, answer: noDataEnvelopeSchema },
  'PUT /system/user/resetPwd/:userId': { answer: envelopeSchema(initialPasswordSchema) },
  'DELETE /system/user/:userIds': { answer: noDataEnvelopeSchema },

  'GET /system/menu/list': { query: menuListQuerySchema, answer: envelopeSchema(z.array(menuViewSchema)) },
  'GET /system/menu/:menuId': { answer: envelopeSchema(menuViewSchema) },
  'POST /system/menu': { body: menuBodySchema, answer: envelopeSchema(menuViewSchema) },
  'PUT /system/menu': { body: updateMenuBodySchema, answer: envelopeSchema(menuViewSchema) },
  'DELETE /system/menu/:menuId': { answer: noDataEnvelopeSchema },

  'GET /system/dept/list': { query: deptListQuerySchema, answer: envelopeSchema(z.array(deptViewSchema)) },
  'GET /system/dept/list/exclude/:deptId': { answer: envelopeSchema(z.array(deptViewSchema)) },
  'GET /system/dept/:deptId': { answer: envelopeSchema(deptViewSchema) },
  'POST /system/dept': { body: deptBodySchema, answer: envelopeSchema(deptViewSchema) },
  'PUT /system/dept': { body: updateDeptBodySchema, answer: envelopeSchema(deptViewSchema) },
  'DELETE /system/dept/:deptId': { answer: noDataEnvelopeSchema },

  'GET /system/role/list': { query: roleListQuerySchema, answer: listEnvelopeSchema(roleViewSchema) },
  'GET /system/role/:roleId': { answer: envelopeSchema(roleViewSchema) },
  'POST /system/role': { body: roleBodySchema, answer: envelopeSchema(roleViewSchema) },
  'PUT /system/role': { body: updateRoleBodySchema, answer: envelopeSchema(roleViewSchema) },
  'PUT /system/role/changeStatus': { body: roleStatusBodySchema, answer: noDataEnvelopeSchema },
  'DELETE /system/role/:roleIds': { answer: noDataEnvelopeSchema },
  'PUT /system/role/dataScope': { body: roleDataScopeBodySchema, answer: envelopeSchema(roleViewSchema) },
  'GET /system/menu/treeselect': { answer: envelopeSchema(menuTreeSchema) },
  'GET /system/menu/roleMenuTreeselect/:roleId': {
    answer: envelopeWithSchema(menuTreeChecksSchema, menuTreeChecksSchema.shape),
  },
  'GET /system/role/deptTree/:roleId': {
    answer: envelopeWithSchema(deptTreeChecksSchema, deptTreeChecksSchema.shape),
  },
});
