import { DomainError } from '@hydrolog/domain';
import type { EventStore } from '@hydrolog/eventstore';
import { findUserByAccount } from '@hydrolog/projections';
import type { DomainEvent } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { record } from '../commands.ts';
import type { Services } from '../services.ts';

type LogKind = 'loginlog' | 'operlog';

/** Each tenant has its own login log and operation log stream. */
const logOf = (request: FastifyRequest, kind: LogKind) => `${kind}-${callerOf(request).tenantId}`;

/** Empties the login log or the operation log of the caller's tenant. */
export function cleanLog(store: EventStore, request: FastifyRequest, kind: LogKind) {
  const data = { at: new Date().toISOString() };
  const event: DomainEvent =
    kind === 'loginlog' ? { type: 'LoginLogCleaned', data } : { type: 'OperationLogCleaned', data };
  return record(store, logOf(request, kind), event, callerMetadata(request));
}

/** Removes entries (a comma-separated id list) from the login log or the operation log. */
export function removeLogEntries(store: EventStore, request: FastifyRequest, kind: LogKind, idList: string) {
  const ids = [...new Set(idList.split(','))];
  const event: DomainEvent =
    kind === 'loginlog'
      ? { type: 'LoginLogRemoved', data: { infoIds: ids } }
      : { type: 'OperationLogRemoved', data: { operIds: ids } };
  return record(store, logOf(request, kind), event, callerMetadata(request));
}

/** Unlocks a user locked by wrong passwords. */
export async function unlockUser({ db, store }: Services, request: FastifyRequest, userName: string) {
  const user = await findUserByAccount(db, userName);
  // Only the caller's own users: another tenant's user is "not found".
  if (!user || user.tenant_id !== callerOf(request).tenantId) throw new DomainError('error.user.notFound');
  const data = { userId: user.user_id, userName: user.user_name, at: new Date().toISOString() };
  await record(store, logOf(request, 'loginlog'), { type: 'LoginUnlocked', data }, callerMetadata(request));
}
