import { type TenantCommand, tenantDecider } from '@hydrolog/domain';
import type { updateTenantBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { tenantOf } from './tenants.ts';

/** Renames a tenant or changes its settings, at the version the caller saw. */
export async function changeTenant(
  { store, db }: Services,
  request: FastifyRequest,
  { tenantId, version, name, settings }: z.output<typeof updateTenantBodySchema>,
) {
  await tenantOf(db, tenantId); // an unknown tenant is "not found", not a stale version
  const commands: TenantCommand[] = [];
  if (name !== undefined) commands.push({ type: 'RenameTenant', tenantId, name });
  if (settings !== undefined) commands.push({ type: 'ChangeTenantSettings', tenantId, settings });
  await execute(store, tenantDecider, tenantId, commands, {
    metadata: { tenantId, correlationId: request.id },
    expectedVersion: BigInt(version),
  });
  return tenantOf(db, tenantId);
}
