import { configDecider, DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getConfig } from '@hydrolog/projections';
import type { configBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute, executeAll } from '../commands.ts';

export async function configOf(db: Database, configId: string) {
  const found = await getConfig(db, { configId });
  if (!found) throw new DomainError('error.config.notFound');
  return found;
}

export async function configValue(db: Database, configKey: string) {
  const found = await getConfig(db, { configKey });
  if (!found) throw new DomainError('error.config.notFound');
  return found.configValue;
}

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

/** Deletes parameters (a comma-separated id list), all or none; built-in ones are refused. */
export async function deleteConfigs(identity: Identity, request: FastifyRequest, idList: string) {
  const { db, store } = identity.services;
  const configIds = [...new Set(idList.split(','))];
  for (const configId of configIds) await configOf(db, configId);
  await executeAll(
    store,
    configIds.map((configId) => ({
      decider: configDecider,
      id: configId,
      command: { type: 'DeleteConfig', configId },
    })),
    { metadata: callerMetadata(request) },
  );
  identity.clearCache();
}
