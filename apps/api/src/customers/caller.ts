import { DomainError } from '@hydrolog/domain';
import { getTenant } from '@hydrolog/projections';
import type { MessageKey, TenantSettings } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import type { CommandContext } from '../commands.ts';
import type { Services } from '../services.ts';

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

/** The settings of the caller's tenant: how account numbers are made, whether opening closes the valve. */
export async function tenantSettings(db: Services['db'], request: FastifyRequest): Promise<TenantSettings> {
  const tenant = await readAsCaller(db, request, (sql) => getTenant(sql, callerOf(request).tenantId));
  if (!tenant) throw new DomainError('error.tenant.notFound');
  return tenant.settings;
}
