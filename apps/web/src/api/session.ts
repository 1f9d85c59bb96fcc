import type { Language, RouterNode, UserInfo } from '@hydrolog/schemas';
import { request, requestData } from './request.ts';

/** What the signed-in frame needs of the server: who the user is, their menus, the session's renewal and end. */
export const refreshToken = () => requestData<{ expires_in: number }>('/auth/refresh', { method: 'POST' });

export const logoutRequest = () => request('/auth/logout', { method: 'DELETE', quiet: true });

export const getInfo = () => requestData<UserInfo>('/system/user/getInfo');

export const getRouters = () => requestData<RouterNode[]>('/system/menu/getRouters');

export const updateLanguage = (language: Language) =>
  request('/system/user/updateLanguage', { method: 'PUT', body: { language } });
