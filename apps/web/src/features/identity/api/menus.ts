import type { MenuBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** The menu tree (spec section 2, /system/menu; platform operators): a flat list, parentId makes the tree. */
export const listMenus = (query: { menuName?: string } = {}) => api.data('GET /system/menu/list', { query });

export const getMenu = (menuId: string) => api.data('GET /system/menu/:menuId', { params: { menuId } });

export const createMenu = (body: MenuBody) => api.data('POST /system/menu', { body });

export const updateMenu = (body: MenuBody & { menuId: string }) => api.data('PUT /system/menu', { body });

export const deleteMenu = (menuId: string) => api.call('DELETE /system/menu/:menuId', { params: { menuId } });
