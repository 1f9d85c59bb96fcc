import { configDecider } from '@hydrolog/domain';
import type { configBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { configOf } from './configs.ts';

/** Adds or changes a parameter; the cached parameters are forgotten so that logins see the change. */
export async function saveConfig(
  identity: Identity,
  request: FastifyRequest,
  configId: string,
  body: z.infer<typeof configBodySchema>,
) {
  const { remark, ...fields } = body;
  await execute(
    identity.services.store,
    configDecider,
    configId,
    [{ type: 'SaveConfig', configId, ...fields, remark: remark ?? null }],
    { metadata: callerMetadata(request), taken: 'error.config.keyExists' },
  );
  identity.clearCache();
  return configOf(identity.services.db, configId);
}
