import type { CreateUserBody, UpdateUserBody, UserListBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** A created or reset user's random initial password: the answer shows it this once. */
export type InitialPassword = { initialPassword: string };

/** Staff user administration (spec section 7, /system/user). */
export const listUsers = (body: UserListBody) => api.call('POST /system/user/list', { body });

export const getUser = (userId: string) => api.data('GET /system/user/:userId', { params: { userId } });

export const roleOptions = () => api.data('GET /system/role/optionselect');

export const createUser = (body: CreateUserBody) => api.data('POST /system/user', { body });

export const updateUser = (body: UpdateUserBody) => api.data('PUT /system/user', { body });

export const changeUserStatus = (userId: string, status: '0' | '1') =>
  api.call('PUT /system/user/changeStatus', { body: { userId, status } });

export const resetUserPassword = (userId: string) =>
  api.data('PUT /system/user/resetPwd/:userId', { params: { userId } });

export const deleteUsers = (userIds: readonly string[]) =>
  api.call('DELETE /system/user/:userIds', { params: { userIds: userIds.join(',') } });
