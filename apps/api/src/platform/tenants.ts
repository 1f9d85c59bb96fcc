import { DomainError, type TenantCommand, tenantDecider } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getTenant } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** The metadata of the caller's command on a tenant: its events are that tenant's. */
export const tenantMeta = (request: FastifyRequest, tenantId: string) => ({
  metadata: { tenantId, userId: callerOf(request).userId, correlationId: request.id },
});

export async function tenantOf(db: Database, tenantId: string) {
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw new DomainError('error.tenant.notFound');
  return tenant;
}

/** Runs one command on a known tenant (suspend, resume). */
export async function runOnTenant(
  { store, db }: Services,
  request: FastifyRequest,
  tenantId: string,
  command: TenantCommand,
) {
  await tenantOf(db, tenantId);
  await execute(store, tenantDecider, tenantId, [command], tenantMeta(request, tenantId));
  return tenantOf(db, tenantId);
}
