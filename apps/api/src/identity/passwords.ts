import { userDecider } from '@hydrolog/domain';
import type { UserRow } from '@hydrolog/projections';
import { type FieldError, type MessageKey, passwordSchema, toFieldError } from '@hydrolog/schemas';
import { messagesIn, translate } from '@hydrolog/schemas/messages/all';
import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../auth/crypto.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { requestLanguage } from '../http.ts';

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
