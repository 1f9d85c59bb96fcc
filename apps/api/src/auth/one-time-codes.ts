import { DomainError, phoneCodeDecider } from '@hydrolog/domain';
import { findUserByAccount } from '@hydrolog/projections';
import { type EventMetadata, PLATFORM_TENANT_ID } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { execute } from '../commands.ts';
import { sha256 } from './crypto.ts';
import type { Identity } from './identity.ts';

/** The hash a user's password-recovery code is stored as (never the code). */
export const recoveryCodeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** The hash a phone's registration code is stored as (never the code). */
export const phoneCodeHash = (phone: string, code: string) => sha256(`register:${phone}:${code}`);

/** Facts about people without a session are filed under the platform tenant. */
export const anonymousMetadata = (request: FastifyRequest): EventMetadata => ({
  tenantId: PLATFORM_TENANT_ID,
  correlationId: request.id,
});

/** A user already has the phone (as phone number or login name). */
export async function isPhoneRegistered(identity: Identity, phone: string): Promise<boolean> {
  return (await findUserByAccount(identity.services.db, phone)) !== null;
}

/** Checks a phone's code (`use`: and spends it): a wrong one is recorded as a try, then refused. */
export async function checkPhoneCode(
  identity: Identity,
  request: FastifyRequest,
  phone: string,
  code: string,
  use: boolean,
): Promise<void> {
  const codeHash = phoneCodeHash(phone, code);
  const now = identity.now().toISOString();
  const command = use
    ? ({
        type: 'UsePhoneCode',
        codeHash,
        now,
        phoneRegistered: await isPhoneRegistered(identity, phone),
      } as const)
    : ({ type: 'CheckPhoneCode', codeHash, now } as const);
  const { events } = await execute(identity.services.store, phoneCodeDecider, phone, [command], {
    metadata: anonymousMetadata(request),
  });
  if (events.some((e) => e.type === 'PhoneCodeFailed')) throw new DomainError('error.recovery.codeWrong');
}
