import { deptDecider, roleDecider, tenantDecider, userDecider } from '@hydrolog/domain';
import { getTenant } from '@hydrolog/projections';
import { type registerBodySchema, TRIAL_DAYS, tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hashPassword, newInitialPassword } from '../auth/crypto.ts';
import type { Identity } from '../auth/identity.ts';
import { checkPhoneCode } from '../auth/one-time-codes.ts';
import { execute } from '../commands.ts';

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
  const metadata = { tenantId, correlationId: request.id };
  await execute(
    store,
    tenantDecider,
    tenantId,
    [
      {
        type: 'CreateTenant',
        tenantId,
        name: companyName,
        kind: 'utility',
        trial: true,
        createdAt,
        settings: tenantSettingsSchema.parse({}),
      },
    ],
    { metadata },
  );
  const roleId = uuidv7();
  await execute(
    store,
    roleDecider,
    roleId,
    [
      {
        type: 'CreateRole',
        roleId,
        tenantId,
        roleName: 'Administrator',
        roleKey: 'admin',
        roleType: 'general',
        menuIds: [],
        allPermissions: true,
      },
    ],
    { metadata },
  );
  const deptId = uuidv7();
  await execute(
    store,
    deptDecider,
    deptId,
    [
      {
        type: 'CreateDept',
        deptId,
        tenantId,
        parentId: null,
        deptName,
        orderNum: 0,
        leader: nickName,
        phone,
        email: null,
        status: '0',
      },
    ],
    { metadata },
  );
  const userId = uuidv7();
  const userName = registeredUserName(phone);
  const initialPassword = newInitialPassword();
  await execute(
    store,
    userDecider,
    userId,
    [
      {
        type: 'CreateUser',
        userId,
        tenantId,
        userName,
        nickName,
        email: null,
        phonenumber: phone,
        passwordHash: await hashPassword(initialPassword),
        initialPassword: true,
        roleIds: [roleId],
        deptId,
        createdAt,
      },
    ],
    { metadata, taken: 'error.register.phoneTaken' },
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
