import { sessionDecider } from '@hydrolog/domain';
import { findSession } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { sha256 } from '../auth/crypto.ts';
import { bearerToken } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Ends the session of the request's token, if it is one still running. */
export async function logout(services: Services, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  const session = token ? await findSession(services.db, sha256(token)) : null;
  if (session && !session.ended_at) {
    await execute(
      services.store,
      sessionDecider,
      session.session_id,
      [{ type: 'EndSession', reason: 'logout', at: new Date().toISOString() }],
      { metadata: { tenantId: session.tenant_id, userId: session.user_id, correlationId: request.id } },
    );
  }
}
