import type { CreateTenantBody, TenantView, UpdateTenantBody } from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

export const listTenants = (query: { pageNum: number; pageSize: number; name?: string }) =>
  request<{ code: number; total: number; rows: TenantView[] }>('/system/tenant/list', { query });

/** A created tenant; with its first administrator's random initial password, answered this once. */
export type CreatedTenant = TenantView & { admin?: { userName: string; initialPassword: string } };

export const createTenant = (body: CreateTenantBody) =>
  requestData<CreatedTenant>('/system/tenant', { method: 'POST', body });

export const updateTenant = async (body: UpdateTenantBody) =>
  (await request<{ code: number; data: TenantView }>('/system/tenant', { method: 'PUT', body })).data;

/** Suspends a tenant: its users' sessions end and they cannot sign in (not the platform tenant). */
export const suspendTenant = (tenantId: string) =>
  requestData<TenantView>(`/system/tenant/suspend/${tenantId}`, { method: 'PUT' });

export const resumeTenant = (tenantId: string) =>
  requestData<TenantView>(`/system/tenant/resume/${tenantId}`, { method: 'PUT' });

/** A png or jpg of 5 MB at most (checked by the caller first). */
export function uploadTenantLogo(tenantId: string, file: File) {
  const form = new FormData();
  form.append('logofile', file);
  return requestData<TenantView>(`/system/tenant/logo/${tenantId}`, { method: 'POST', body: form });
}
