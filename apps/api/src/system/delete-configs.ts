import { configDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { executeAll } from '../commands.ts';
import { distinctIds } from '../http.ts';
import { configOf } from './configs.ts';

/** Deletes parameters (a comma-separated id list), all or none; built-in ones are refused. */
export async function deleteConfigs(identity: Identity, request: FastifyRequest, idList: string) {
  const { db, store } = identity.services;
  const configIds = distinctIds(idList);
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
