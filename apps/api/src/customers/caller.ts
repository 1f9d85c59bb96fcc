import { DomainError } from '@hydrolog/domain';
import { getTenant } from '@hydrolog/projections';
import type { TenantSettings } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The settings of the caller's tenant: how account numbers are made, whether opening closes the valve. */
export async function tenantSettings(db: Services['db'], request: FastifyRequest): Promise<TenantSettings> {
  const tenant = await readAsCaller(db, request, (sql) => getTenant(sql, callerOf(request).tenantId));
  if (!tenant) throw new DomainError('error.tenant.notFound');
  return tenant.settings;
}
