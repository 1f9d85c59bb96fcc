import type { LoginLogQuery, OperLogQuery } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** The login log and the operation log of the caller's tenant (RuoYi's /monitor screens). */

type Filter<Q> = Omit<Q, 'pageNum' | 'pageSize'>;

export const listLoginLog = (query: LoginLogQuery) => api.call('GET /monitor/logininfor/list', { query });

export const deleteLoginLog = (infoIds: readonly string[]) =>
  api.call('DELETE /monitor/logininfor/:infoIds', { params: { infoIds: infoIds.join(',') } });

export const cleanLoginLog = () => api.call('DELETE /monitor/logininfor/clean');

/** Lifts the lock wrong passwords put on a user. */
export const unlockUser = (userName: string) =>
  api.call('GET /monitor/logininfor/unlock/:userName', { params: { userName } });

export const exportLoginLog = (filter: Filter<LoginLogQuery>) =>
  api.download('POST /monitor/logininfor/export', exportName('login-log'), { body: filter });

export const listOperLog = (query: OperLogQuery) => api.call('GET /monitor/operlog/list', { query });

export const deleteOperLog = (operIds: readonly string[]) =>
  api.call('DELETE /monitor/operlog/:operIds', { params: { operIds: operIds.join(',') } });

export const cleanOperLog = () => api.call('DELETE /monitor/operlog/clean');

export const exportOperLog = (filter: Filter<OperLogQuery>) =>
  api.download('POST /monitor/operlog/export', exportName('operation-log'), { body: filter });
