import type { CreateUserBody, RoleOption, UpdateUserBody, UserListBody, UserRow } from '@hydrolog/schemas';

/** A created or reset user's random initial password: the answer shows it this once. */
export type InitialPassword = { initialPassword: string };

import { request, requestData } from '../../../api/request.ts';

/** Staff user administration (spec section 7, /system/user). */
export const listUsers = (body: UserListBody) =>
  request<{ code: number; total: number; rows: UserRow[] }>('/system/user/list', { method: 'POST', body });

export const getUser = (userId: string) => requestData<UserRow>(`/system/user/${userId}`);

export const roleOptions = () => requestData<RoleOption[]>('/system/role/optionselect');

export const createUser = (body: CreateUserBody) =>
  requestData<UserRow & InitialPassword>('/system/user', { method: 'POST', body });

export const updateUser = (body: UpdateUserBody) =>
  requestData<UserRow>('/system/user', { method: 'PUT', body });

export const changeUserStatus = (userId: string, status: '0' | '1') =>
  request<{ code: number }>('/system/user/changeStatus', { method: 'PUT', body: { userId, status } });

export const resetUserPassword = (userId: string) =>
  requestData<InitialPassword>(`/system/user/resetPwd/${userId}`, { method: 'PUT' });

export const deleteUsers = (userIds: readonly string[]) =>
  request<{ code: number }>(`/system/user/${userIds.join(',')}`, { method: 'DELETE' });
