import { userDecider } from '@hydrolog/domain';
import type { Language } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Changes the interface language of the caller. */
export async function changeLanguage(services: Services, request: FastifyRequest, language: Language) {
  await execute(
    services.store,
    userDecider,
    callerOf(request).userId,
    [{ type: 'ChangeLanguage', language }],
    { metadata: callerMetadata(request) },
  );
}
