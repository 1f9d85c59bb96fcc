import type { CreateTenantBody, TenantView, UpdateTenantBody } from '@hydrolog/schemas';
import { request } from './request.ts';

export interface Health {
  status: 'ok' | 'degraded';
  database: { engine: 'pglite' | 'postgres'; ok: boolean };
  eventStore: 'sql' | 'kurrentdb';
  projections: { name: string; mode: 'inline' | 'async'; status: 'live' | 'rebuilding'; lag: number }[];
}

export const fetchHealth = async () => (await request<{ code: number; data: Health }>('/health')).data;

export const listTenants = (query: { pageNum: number; pageSize: number; name?: string }) =>
  request<{ code: number; total: number; rows: TenantView[] }>('/system/tenant/list', { query });

export const createTenant = async (body: CreateTenantBody) =>
  (await request<{ code: number; data: TenantView }>('/system/tenant', { method: 'POST', body })).data;

export const updateTenant = async (body: UpdateTenantBody) =>
  (await request<{ code: number; data: TenantView }>('/system/tenant', { method: 'PUT', body })).data;
