import type { configBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Identity } from '../auth/identity.ts';
import { configOf } from './configs.ts';
import { saveConfig } from './save-config.ts';

/** Changes a known parameter: an unknown id is "not found", not a new parameter. */
export async function changeConfig(
  identity: Identity,
  request: FastifyRequest,
  configId: string,
  body: z.infer<typeof configBodySchema>,
) {
  await configOf(identity.services.db, configId);
  return saveConfig(identity, request, configId, body);
}
