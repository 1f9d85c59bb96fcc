import { getTenant } from '@hydrolog/projections';
import { type registerBodySchema, TRIAL_DAYS, tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { newInitialPassword } from '../auth/crypto.ts';
import type { Identity } from '../auth/identity.ts';
import { checkPhoneCode } from '../auth/one-time-codes.ts';
import { administratorRole, provisionTenant } from './provision-tenant.ts';

/** The administrator's login name: the phone behind a letter (user names start with a letter). */
export const registeredUserName = (phone: string) => `t${phone}`;

/**
 * Registers an experience account: a trial tenant with its administrator, department and administrator
 * role. The administrator's random initial password is answered once.
 */
export async function registerTrialTenant(
  identity: Identity,
  request: FastifyRequest,
  { companyName, nickName, deptName, phone, code }: z.output<typeof registerBodySchema>,
) {
  const { store, db } = identity.services;
  // Spent first: the same code cannot register twice, even when two submits race.
  await checkPhoneCode(identity, request, phone, code, true);
  const createdAt = identity.now().toISOString();
  const tenantId = uuidv7();
  const roleId = uuidv7();
  const deptId = uuidv7();
  const userName = registeredUserName(phone);
  const initialPassword = newInitialPassword();
  await provisionTenant(
    store,
    {
      tenant: {
        tenantId,
        name: companyName,
        kind: 'utility',
        trial: true,
        createdAt,
        settings: tenantSettingsSchema.parse({}),
      },
      roles: [administratorRole(roleId)],
      depts: [
        {
          deptId,
          parentId: null,
          deptName,
          orderNum: 0,
          leader: nickName,
          phone,
          email: null,
          status: '0',
        },
      ],
      users: [
        {
          userId: uuidv7(),
          userName,
          nickName,
          email: null,
          phonenumber: phone,
          password: initialPassword,
          initialPassword: true,
          roleIds: [roleId],
          deptId,
          createdAt,
        },
      ],
    },
    { metadata: { tenantId, correlationId: request.id }, taken: 'error.register.phoneTaken' },
  );
  const tenant = await getTenant(db, tenantId, identity.now());
  return {
    tenantId,
    tenantName: companyName,
    userName,
    initialPassword,
    trialDaysLeft: tenant?.trialDaysLeft ?? TRIAL_DAYS,
  };
}
