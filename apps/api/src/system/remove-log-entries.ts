import type { EventStore } from '@hydrolog/eventstore';
import type { DomainEvent } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { record } from '../commands.ts';
import { distinctIds } from '../http.ts';
import { type LogKind, logOf } from './logs.ts';

/** Removes entries (a comma-separated id list) from the login log or the operation log. */
export function removeLogEntries(store: EventStore, request: FastifyRequest, kind: LogKind, idList: string) {
  const ids = distinctIds(idList);
  const event: DomainEvent =
    kind === 'loginlog'
      ? { type: 'LoginLogRemoved', data: { infoIds: ids } }
      : { type: 'OperationLogRemoved', data: { operIds: ids } };
  return record(store, logOf(request, kind), event, callerMetadata(request));
}
