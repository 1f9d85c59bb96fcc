import { findUserByAccount } from '@hydrolog/projections';
import { type createTenantBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { newInitialPassword } from '../auth/crypto.ts';
import type { Services } from '../services.ts';
import { administratorRole, provisionTenant } from './provision-tenant.ts';
import { tenantMeta, tenantOf } from './tenants.ts';

/** Creates a tenant, with its first administrator when asked (random initial password, answered once). */
export async function createTenant(
  { store, db }: Services,
  request: FastifyRequest,
  { name, trial, settings, admin }: z.output<typeof createTenantBodySchema>,
) {
  const tenantId = uuidv7();
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
              accountTaken: (await findUserByAccount(db, admin.userName)) !== null,
              roleIds: [roleId],
              deptId: null,
              createdAt,
            },
          ]
        : [],
    },
    { ...tenantMeta(request, tenantId), ...(admin ? { taken: 'error.user.exists' as const } : {}) },
  );
  const tenant = await tenantOf(db, tenantId);
  return admin ? { ...tenant, admin: { userName: admin.userName, initialPassword } } : tenant;
}
