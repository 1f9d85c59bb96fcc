import { DomainError, recoveryDecider } from '@hydrolog/domain';
import { findUserByAccount } from '@hydrolog/projections';
import type { FieldError, recoveryResetBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Identity } from '../auth/identity.ts';
import { recoveryCodeHash } from '../auth/one-time-codes.ts';
import { execute } from '../commands.ts';
import { newPasswordErrors, setPassword } from './passwords.ts';

/**
 * Sets a new password (encrypted) with the one-time code of /system/msg/send: the field errors of the new
 * password when refused, none when set.
 */
export async function recoverPassword(
  identity: Identity,
  request: FastifyRequest,
  body: z.infer<typeof recoveryResetBodySchema>,
): Promise<FieldError[]> {
  const { account, code, password } = body;
  const newPassword = identity.cipher.decrypt(password);
  if (newPassword === null) throw new DomainError('error.login.undecryptable');
  // The password rules first: an unknown account must not answer differently from a known one.
  const errors = await newPasswordErrors(identity, request, newPassword, null);
  if (errors.length) return errors;
  const user = await findUserByAccount(identity.services.db, account);
  if (!user) throw new DomainError('error.recovery.codeWrong');
  const { events } = await execute(
    identity.services.store,
    recoveryDecider,
    user.user_id,
    [
      {
        type: 'UseRecoveryCode',
        codeHash: recoveryCodeHash(user.user_id, code),
        now: identity.now().toISOString(),
      },
    ],
    { metadata: { tenantId: user.tenant_id, userId: user.user_id, correlationId: request.id } },
  );
  // A wrong code is recorded (it counts towards the five tries) and then refused.
  if (!events.some((e) => e.type === 'RecoveryCodeUsed' && e.data.success)) {
    throw new DomainError('error.recovery.codeWrong');
  }
  await setPassword(identity, request, user, newPassword);
  return [];
}
