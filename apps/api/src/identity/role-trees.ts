import { listDepts } from '@hydrolog/projections';
import type { MenuTreeNode } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';
import { assignableMenus, roleOf } from './roles.ts';

/** The menus a role of the caller's tenant may be given, as a tree labelled in the caller's language. */
export async function menuTree(services: Services, request: FastifyRequest): Promise<MenuTreeNode[]> {
  const language = requestLanguage(request);
  const entries = await assignableMenus(services, callerOf(request));
  const children = (parentId: string | null): MenuTreeNode[] =>
    entries
      .filter((m) => m.parentId === parentId)
      .sort((a, b) => a.orderNum - b.orderNum)
      .map((m) => {
        const below = children(m.menuId);
        // Buttons are named by their action (the last part of the permission string).
        const label = m.menuType === 'F' ? (m.perms ?? m.menuId).split(':').at(-1)! : m.titles[language];
        return below.length ? { id: m.menuId, label, children: below } : { id: m.menuId, label };
      });
  return children(null);
}

/** The menu tree with the menus the role grants ticked (every one for the administrator role). */
export async function roleMenuTree(services: Services, request: FastifyRequest, roleId: string) {
  const found = await roleOf(services, request, roleId);
  const assignable = await assignableMenus(services, callerOf(request));
  const checkedKeys = found.admin ? assignable.map((m) => m.menuId) : found.menuIds;
  return { menus: await menuTree(services, request), checkedKeys };
}

/** The department tree with the departments of the role's custom data scope ticked. */
export async function roleDeptTree(services: Services, request: FastifyRequest, roleId: string) {
  const found = await roleOf(services, request, roleId);
  const depts = await readAsCaller(services.db, request, (sql) => listDepts(sql));
  const children = (parentId: string | null): MenuTreeNode[] =>
    depts
      .filter((d) => d.parentId === parentId)
      .map((d) => {
        const below = children(d.deptId);
        return below.length
          ? { id: d.deptId, label: d.deptName, children: below }
          : { id: d.deptId, label: d.deptName };
      });
  return { depts: children(null), checkedKeys: found.deptIds };
}
