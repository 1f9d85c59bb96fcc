import type {
  DeptBody,
  DeptView,
  MenuTreeNode,
  RoleBody,
  RoleDataScopeBody,
  RoleView,
} from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

/** Departments of the tenant (spec section 2, /system/dept): a flat list, parentId makes the tree. */
export const listDepts = (query: { deptName?: string; status?: '0' | '1' }) =>
  requestData<DeptView[]>('/system/dept/list', { query });

/** The departments that may become the parent of `deptId` (not itself or below it). */
export const parentOptions = (deptId: string) =>
  requestData<DeptView[]>(`/system/dept/list/exclude/${deptId}`);

export const getDept = (deptId: string) => requestData<DeptView>(`/system/dept/${deptId}`);

export const createDept = (body: DeptBody) => requestData<DeptView>('/system/dept', { method: 'POST', body });

export const updateDept = (body: DeptBody & { deptId: string }) =>
  requestData<DeptView>('/system/dept', { method: 'PUT', body });

export const deleteDept = (deptId: string) =>
  request<{ code: number }>(`/system/dept/${deptId}`, { method: 'DELETE' });

/** Roles of the tenant (spec sections 2 and 6, /system/role). */
export interface RoleListQuery {
  pageNum: number;
  pageSize: number;
  roleName?: string;
  roleKey?: string;
  status?: '0' | '1';
}

export const listRoles = (query: RoleListQuery) =>
  request<{ code: number; total: number; rows: RoleView[] }>('/system/role/list', { query: { ...query } });

export const getRole = (roleId: string) => requestData<RoleView>(`/system/role/${roleId}`);

export const createRole = (body: RoleBody) => requestData<RoleView>('/system/role', { method: 'POST', body });

export const updateRole = (body: RoleBody & { roleId: string }) =>
  requestData<RoleView>('/system/role', { method: 'PUT', body });

export const changeRoleStatus = (roleId: string, status: '0' | '1') =>
  request<{ code: number }>('/system/role/changeStatus', { method: 'PUT', body: { roleId, status } });

export const deleteRoles = (roleIds: readonly string[]) =>
  request<{ code: number }>(`/system/role/${roleIds.join(',')}`, { method: 'DELETE' });

/** The menu tree a role's permissions are ticked on: directories > pages > buttons. */
export const menuTree = () => requestData<MenuTreeNode[]>('/system/menu/treeselect');

export const roleMenuTree = (roleId: string) =>
  requestData<{ menus: MenuTreeNode[]; checkedKeys: string[] }>(`/system/menu/roleMenuTreeselect/${roleId}`);

export const roleDeptTree = (roleId: string) =>
  requestData<{ depts: MenuTreeNode[]; checkedKeys: string[] }>(`/system/role/deptTree/${roleId}`);

export const changeDataScope = (body: RoleDataScopeBody) =>
  requestData<RoleView>('/system/role/dataScope', { method: 'PUT', body });
