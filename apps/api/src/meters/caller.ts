import type { MessageKey } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import type { CommandContext } from '../commands.ts';

/** A caller's command: on the version the caller saw (a form's `version`), with the message of a taken name. */
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
