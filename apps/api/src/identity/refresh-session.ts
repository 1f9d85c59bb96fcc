import { sessionDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { sessionMinutes } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Extends the caller's session; answers the new expiry in minutes. */
export async function refreshSession(services: Services, request: FastifyRequest): Promise<number> {
  const caller = callerOf(request);
  const minutes = sessionMinutes(caller.rememberMe);
  const now = new Date();
  await execute(
    services.store,
    sessionDecider,
    caller.sessionId,
    [
      {
        type: 'RefreshSession',
        expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
        now: now.toISOString(),
      },
    ],
    { metadata: { tenantId: caller.tenantId, userId: caller.userId, correlationId: request.id } },
  );
  return minutes;
}
