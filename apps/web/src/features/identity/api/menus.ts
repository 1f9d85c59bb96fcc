import type { MenuBody, MenuView } from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

/** The menu tree (spec section 2, /system/menu; platform operators): a flat list, parentId makes the tree. */
export const listMenus = (query: { menuName?: string } = {}) =>
  requestData<MenuView[]>('/system/menu/list', { query });

export const getMenu = (menuId: string) =>
  requestData<MenuView>(`/system/menu/${encodeURIComponent(menuId)}`);

export const createMenu = (body: MenuBody) => requestData<MenuView>('/system/menu', { method: 'POST', body });

export const updateMenu = (body: MenuBody & { menuId: string }) =>
  requestData<MenuView>('/system/menu', { method: 'PUT', body });

export const deleteMenu = (menuId: string) =>
  request<{ code: number }>(`/system/menu/${encodeURIComponent(menuId)}`, { method: 'DELETE' });
