import type { CreateTenantBody, UpdateTenantBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { fileForm } from '../../../api/request.ts';

export type { CreatedTenant } from '@hydrolog/schemas';

export const listTenants = (query: { pageNum: number; pageSize: number; name?: string }) =>
  api.call('GET /system/tenant/list', { query });

/** A created tenant; with its first administrator's random initial password, answered this once. */
export const createTenant = (body: CreateTenantBody) => api.data('POST /system/tenant', { body });

export const updateTenant = (body: UpdateTenantBody) => api.data('PUT /system/tenant', { body });

/** Suspends a tenant: its users' sessions end and they cannot sign in (not the platform tenant). */
export const suspendTenant = (tenantId: string) =>
  api.data('PUT /system/tenant/suspend/:tenantId', { params: { tenantId } });

export const resumeTenant = (tenantId: string) =>
  api.data('PUT /system/tenant/resume/:tenantId', { params: { tenantId } });

/** A png or jpg of 5 MB at most (checked by the caller first). */
export const uploadTenantLogo = (tenantId: string, file: File) =>
  api.data('POST /system/tenant/logo/:tenantId', { params: { tenantId }, body: fileForm(file, 'logofile') });
