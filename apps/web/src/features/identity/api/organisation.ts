import type { DeptBody, RoleBody, RoleDataScopeBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** Departments of the tenant (spec section 2, /system/dept): a flat list, parentId makes the tree. */
export const listDepts = (query: { deptName?: string; status?: '0' | '1' }) =>
  api.data('GET /system/dept/list', { query });

/** The departments that may become the parent of `deptId` (not itself or below it). */
export const parentOptions = (deptId: string) =>
  api.data('GET /system/dept/list/exclude/:deptId', { params: { deptId } });

export const getDept = (deptId: string) => api.data('GET /system/dept/:deptId', { params: { deptId } });

export const createDept = (body: DeptBody) => api.data('POST /system/dept', { body });

export const updateDept = (body: DeptBody & { deptId: string }) => api.data('PUT /system/dept', { body });

export const deleteDept = (deptId: string) => api.call('DELETE /system/dept/:deptId', { params: { deptId } });

/** Roles of the tenant (spec sections 2 and 6, /system/role). */
export interface RoleListQuery {
  pageNum: number;
  pageSize: number;
  roleName?: string;
  roleKey?: string;
  status?: '0' | '1';
}

export const listRoles = (query: RoleListQuery) => api.call('GET /system/role/list', { query });

export const getRole = (roleId: string) => api.data('GET /system/role/:roleId', { params: { roleId } });

export const createRole = (body: RoleBody) => api.data('POST /system/role', { body });

export const updateRole = (body: RoleBody & { roleId: string }) => api.data('PUT /system/role', { body });

export const changeRoleStatus = (roleId: string, status: '0' | '1') =>
  api.call('PUT /system/role/changeStatus', { body: { roleId, status } });

export const deleteRoles = (roleIds: readonly string[]) =>
  api.call('DELETE /system/role/:roleIds', { params: { roleIds: roleIds.join(',') } });

/** The menu tree a role's permissions are ticked on: directories > pages > buttons. */
export const menuTree = () => api.data('GET /system/menu/treeselect');

export const roleMenuTree = (roleId: string) =>
  api.data('GET /system/menu/roleMenuTreeselect/:roleId', { params: { roleId } });

export const roleDeptTree = (roleId: string) =>
  api.data('GET /system/role/deptTree/:roleId', { params: { roleId } });

export const changeDataScope = (body: RoleDataScopeBody) => api.data('PUT /system/role/dataScope', { body });
