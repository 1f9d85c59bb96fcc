import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';

/** The login log or the operation log. */
export type LogKind = 'loginlog' | 'operlog';

/** Each tenant has its own login log and operation log stream. */
export const logOf = (request: FastifyRequest, kind: LogKind) => `${kind}-${callerOf(request).tenantId}`;
