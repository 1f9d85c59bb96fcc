import type { MessageKey } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from './auth/guard.ts';
import type { CommandContext } from './commands.ts';

/**
 * A caller's command: on the version the caller saw (a form's `version`), with the message of a taken name.
 * Beside commands.ts rather than in it: the guard depends on commands.ts through the operation log.
 */
export function commandContext(
  request: FastifyRequest,
  taken: MessageKey,
  expectedVersion?: number,
): CommandContext {
  return {
    metadata: callerMetadata(request),
    expectedVersion: expectedVersion === undefined ? undefined : BigInt(expectedVersion),
    taken,
  };
}
