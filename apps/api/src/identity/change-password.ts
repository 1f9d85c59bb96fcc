import { DomainError } from '@hydrolog/domain';
import type { FieldError } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../auth/client.ts';
import { callerOf } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { newPasswordErrors, setPassword } from './passwords.ts';
import { own } from './profile.ts';

/**
 * Changes the caller's own password (both encrypted): the field errors of the new one when refused,
 * none when changed.
 */
export async function changeOwnPassword(
  identity: Identity,
  request: FastifyRequest,
  encrypted: { oldPassword: string; newPassword: string },
): Promise<FieldError[]> {
  const { user } = await own(identity.services.db, callerOf(request));
  const oldPassword = identity.cipher.decrypt(encrypted.oldPassword);
  const newPassword = identity.cipher.decrypt(encrypted.newPassword);
  if (oldPassword === null || newPassword === null) throw new DomainError('error.login.undecryptable');
  // A wrong old password counts towards the lock like a wrong login: a stolen token gives no free guesses.
  await identity.checkPassword(user, oldPassword, user.user_name, clientOf(request)).catch((error) => {
    throw error instanceof DomainError && error.key === 'error.login.badCredentials'
      ? new DomainError('error.password.oldWrong')
      : error;
  });
  const errors = await newPasswordErrors(identity, request, newPassword, oldPassword);
  if (!errors.length) await setPassword(identity, request, user, newPassword);
  return errors;
}
