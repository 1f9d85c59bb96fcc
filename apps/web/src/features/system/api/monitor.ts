import type { LoginLogQuery, LoginLogRow, OperLogQuery, OperLogRow } from '@hydrolog/schemas';
import { download, exportName, request } from '../../../api/request.ts';

/** The login log and the operation log of the caller's tenant (RuoYi's /monitor screens). */

type Filter<Q> = Omit<Q, 'pageNum' | 'pageSize'>;

export const listLoginLog = (query: LoginLogQuery) =>
  request<{ code: number; total: number; rows: LoginLogRow[] }>('/monitor/logininfor/list', {
    query: { ...query },
  });

export const deleteLoginLog = (infoIds: readonly string[]) =>
  request<{ code: number }>(`/monitor/logininfor/${infoIds.join(',')}`, { method: 'DELETE' });

export const cleanLoginLog = () =>
  request<{ code: number }>('/monitor/logininfor/clean', { method: 'DELETE' });

/** Lifts the lock wrong passwords put on a user. */
export const unlockUser = (userName: string) =>
  request<{ code: number }>(`/monitor/logininfor/unlock/${encodeURIComponent(userName)}`);

export const exportLoginLog = (filter: Filter<LoginLogQuery>) =>
  download('/monitor/logininfor/export', { ...filter }, exportName('login-log'));

export const listOperLog = (query: OperLogQuery) =>
  request<{ code: number; total: number; rows: OperLogRow[] }>('/monitor/operlog/list', {
    query: { ...query },
  });

export const deleteOperLog = (operIds: readonly string[]) =>
  request<{ code: number }>(`/monitor/operlog/${operIds.join(',')}`, { method: 'DELETE' });

export const cleanOperLog = () => request<{ code: number }>('/monitor/operlog/clean', { method: 'DELETE' });

export const exportOperLog = (filter: Filter<OperLogQuery>) =>
  download('/monitor/operlog/export', { ...filter }, exportName('operation-log'));
