import type { EventStore } from '@hydrolog/eventstore';
import type { DomainEvent } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { record } from '../commands.ts';
import { type LogKind, logOf } from './logs.ts';

/** Empties the login log or the operation log of the caller's tenant. */
export function cleanLog(store: EventStore, request: FastifyRequest, kind: LogKind) {
  const data = { at: new Date().toISOString() };
  const event: DomainEvent =
    kind === 'loginlog' ? { type: 'LoginLogCleaned', data } : { type: 'OperationLogCleaned', data };
  return record(store, logOf(request, kind), event, callerMetadata(request));
}
