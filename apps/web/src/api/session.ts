import type { Language } from '@hydrolog/schemas';
import { api } from './client.ts';

/** What the signed-in frame needs of the server: who the user is, their menus, the session's renewal and end. */
export const refreshToken = () => api.data('POST /auth/refresh');

export const logoutRequest = () => api.call('DELETE /auth/logout', { quiet: true });

export const getInfo = () => api.data('GET /system/user/getInfo');

export const getRouters = () => api.data('GET /system/menu/getRouters');

export const updateLanguage = (language: Language) =>
  api.call('PUT /system/user/updateLanguage', { body: { language } });
