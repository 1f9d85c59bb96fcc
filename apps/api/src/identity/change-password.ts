import { DomainError, userDecider } from '@hydrolog/domain';
import type { UserRow } from '@hydrolog/projections';
import { type FieldError, type MessageKey, passwordSchema, toFieldError } from '@hydrolog/schemas';
import { messagesIn, translate } from '@hydrolog/schemas/messages/all';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../auth/client.ts';
import { hashPassword } from '../auth/crypto.ts';
import { callerOf } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { requestLanguage } from '../http.ts';
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

/** Section 5 rules on a new password (known only once decrypted): the field errors, none when acceptable. */
export async function newPasswordErrors(
  identity: Identity,
  request: FastifyRequest,
  password: string,
  oldPassword: string | null,
): Promise<FieldError[]> {
  const language = requestLanguage(request);
  const field = (message: MessageKey) => [{ field: 'newPassword', message: translate(message, language) }];
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success)
    return parsed.error.issues.map((i) => ({
      ...toFieldError(i, messagesIn(language)),
      field: 'newPassword',
    }));
  if (oldPassword !== null && password === oldPassword) return field('validation.password.sameAsOld');
  if (password === (await identity.settings()).initPassword)
    return field('validation.password.sameAsInitial');
  return [];
}

/** A new password: every earlier session of the user stops working (they started before the change). */
export async function setPassword(
  identity: Identity,
  request: FastifyRequest,
  user: UserRow,
  password: string,
) {
  await execute(
    identity.services.store,
    userDecider,
    user.user_id,
    [
      {
        type: 'ChangePassword',
        passwordHash: await hashPassword(password),
        initialPassword: false,
        changedAt: new Date().toISOString(),
      },
    ],
    { metadata: { tenantId: user.tenant_id, userId: user.user_id, correlationId: request.id } },
  );
}
