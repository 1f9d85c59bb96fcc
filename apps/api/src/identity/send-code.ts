import {
  DomainError,
  phoneCodeDecider,
  RECOVERY_CODE_MINUTES,
  recoveryDecider,
  smsQuotaDecider,
} from '@hydrolog/domain';
import { findUserByAccount, type UserRow } from '@hydrolog/projections';
import { type msgSendBodySchema, uuidv7 } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { clientOf } from '../auth/client.ts';
import { sixDigitCode } from '../auth/crypto.ts';
import type { Identity } from '../auth/identity.ts';
import {
  anonymousMetadata,
  isPhoneRegistered,
  phoneCodeHash,
  recoveryCodeHash,
} from '../auth/one-time-codes.ts';
import { execute } from '../commands.ts';
import { requestLanguage } from '../http.ts';
import type { MessageProvider } from '../sms.ts';

/** The per-address limit: every code sent counts for the address that asked for it. */
async function takeAddressQuota(identity: Identity, request: FastifyRequest) {
  const { ip } = clientOf(request);
  await execute(
    identity.services.store,
    smsQuotaDecider,
    ip,
    [{ type: 'TakeSmsQuota', ip, at: identity.now().toISOString() }],
    { metadata: anonymousMetadata(request) },
  );
}

function codeText(code: string, request: FastifyRequest, language = requestLanguage(request)) {
  return translate('recovery.message', language, { code, minutes: RECOVERY_CODE_MINUTES });
}

async function sendRecoveryCode(
  identity: Identity,
  messages: MessageProvider,
  request: FastifyRequest,
  user: UserRow,
) {
  const channel = user.phonenumber ? 'sms' : user.email ? 'email' : null;
  if (!channel) return;
  await takeAddressQuota(identity, request);
  const code = sixDigitCode();
  const issuedAt = identity.now();
  const metadata = { tenantId: user.tenant_id, userId: user.user_id, correlationId: request.id };
  await execute(
    identity.services.store,
    recoveryDecider,
    user.user_id,
    [
      {
        type: 'IssueRecoveryCode',
        codeId: uuidv7(),
        userId: user.user_id,
        codeHash: recoveryCodeHash(user.user_id, code),
        channel,
        issuedAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + RECOVERY_CODE_MINUTES * 60_000).toISOString(),
      },
    ],
    { metadata },
  );
  const to = (channel === 'sms' ? user.phonenumber : user.email) ?? '';
  await messages.send(
    { channel, to, text: codeText(code, request, user.language ?? undefined), metadata },
    request.log,
  );
}

async function sendRegistrationCode(
  identity: Identity,
  messages: MessageProvider,
  request: FastifyRequest,
  areaCode: string,
  phone: string,
) {
  const phoneRegistered = await isPhoneRegistered(identity, phone);
  await takeAddressQuota(identity, request);
  const code = sixDigitCode();
  const issuedAt = identity.now();
  const metadata = anonymousMetadata(request);
  await execute(
    identity.services.store,
    phoneCodeDecider,
    phone,
    [
      {
        type: 'IssuePhoneCode',
        phoneRegistered,
        codeId: uuidv7(),
        purpose: 'register',
        phone,
        codeHash: phoneCodeHash(phone, code),
        issuedAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + RECOVERY_CODE_MINUTES * 60_000).toISOString(),
      },
    ],
    { metadata },
  );
  await messages.send(
    { channel: 'sms', to: `${areaCode}${phone}`, text: codeText(code, request), metadata },
    request.log,
  );
}

/**
 * Sends a one-time code: for password recovery to the account's phone, else its email; for registration to
 * a phone no user has yet.
 */
export async function sendCode(
  identity: Identity,
  messages: MessageProvider,
  request: FastifyRequest,
  body: z.infer<typeof msgSendBodySchema>,
) {
  if (body.purpose === 'register') {
    await sendRegistrationCode(identity, messages, request, body.areaCode, body.phone);
  } else {
    const user = await findUserByAccount(identity.services.db, body.account);
    // Unknown accounts, accounts without phone or email, and the limits all get the same answer:
    // the form must not tell who has an account.
    if (user) await sendRecoveryCode(identity, messages, request, user).catch(ignoreRefusal);
  }
}

/** A refused recovery request is answered like a granted one; anything else is a real failure. */
function ignoreRefusal(error: unknown): void {
  if (!(error instanceof DomainError)) throw error;
}
