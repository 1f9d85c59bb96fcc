import { DomainError, type TenantCommand, tenantDecider } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { findUserByAccount, getTenant } from '@hydrolog/projections';
import { type createTenantBodySchema, type updateTenantBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { newInitialPassword } from '../auth/crypto.ts';
import { callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';
import { administratorRole, provisionTenant } from './provision-tenant.ts';

const meta = (request: FastifyRequest, tenantId: string) => ({
  metadata: { tenantId, userId: callerOf(request).userId, correlationId: request.id },
});

export async function tenantOf(db: Database, tenantId: string) {
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw new DomainError('error.tenant.notFound');
  return tenant;
}

/** Creates a tenant, with its first administrator when asked (random initial password, answered once). */
export async function createTenant(
  { store, db }: Services,
  request: FastifyRequest,
  { name, trial, settings, admin }: z.output<typeof createTenantBodySchema>,
) {
  const tenantId = uuidv7();
  // A name that is another user's name, email or phone is refused before anything is created.
  if (admin && (await findUserByAccount(db, admin.userName))) throw new DomainError('error.user.exists');
  const createdAt = new Date().toISOString();
  const roleId = uuidv7();
  const initialPassword = newInitialPassword();
  await provisionTenant(
    store,
    {
      tenant: { tenantId, name, kind: 'utility', trial, createdAt, settings },
      roles: admin ? [administratorRole(roleId)] : [],
      users: admin
        ? [
            {
              userId: uuidv7(),
              userName: admin.userName,
              nickName: admin.nickName,
              email: null,
              phonenumber: null,
              password: initialPassword,
              initialPassword: true,
              roleIds: [roleId],
              deptId: null,
              createdAt,
            },
          ]
        : [],
    },
    { ...meta(request, tenantId), ...(admin ? { taken: 'error.user.exists' as const } : {}) },
  );
  const tenant = await tenantOf(db, tenantId);
  return admin ? { ...tenant, admin: { userName: admin.userName, initialPassword } } : tenant;
}

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

/** Runs one command on a known tenant (suspend, resume). */
export async function runOnTenant(
  { store, db }: Services,
  request: FastifyRequest,
  tenantId: string,
  command: TenantCommand,
) {
  await tenantOf(db, tenantId);
  await execute(store, tenantDecider, tenantId, [command], meta(request, tenantId));
  return tenantOf(db, tenantId);
}

/** Saves the uploaded logo of a known tenant. */
export async function changeTenantLogo(
  { store, db }: Services,
  request: FastifyRequest,
  uploadsDir: string,
  tenantId: string,
) {
  await tenantOf(db, tenantId);
  const logoUrl = await saveImageUpload(request, uploadsDir, 'logofile', 'logo');
  await execute(
    store,
    tenantDecider,
    tenantId,
    [{ type: 'ChangeTenantLogo', logoUrl }],
    meta(request, tenantId),
  );
  return tenantOf(db, tenantId);
}
