import {
  DomainError,
  phoneCodeDecider,
  RECOVERY_CODE_MINUTES,
  recoveryDecider,
  smsQuotaDecider,
} from '@hydrolog/domain';
import { findUserByAccount, listOutbox, type UserRow } from '@hydrolog/projections';
import {
  apiResponses,
  listEnvelopeSchema,
  msgCheckBodySchema,
  msgSendBodySchema,
  noDataResponses,
  outboxMessageSchema,
  pageQuerySchema,
  uuidv7,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf } from '../auth/client.ts';
import { sixDigitCode } from '../auth/crypto.ts';
import { operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import {
  anonymousMetadata,
  checkPhoneCode,
  phoneCodeHash,
  recoveryCodeHash,
  refuseRegisteredPhone,
} from '../auth/one-time-codes.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import type { MessageProvider } from '../sms.ts';

/**
 * One-time codes (spec section 7: POST /system/msg/send and /system/msg/check) for password recovery and
 * experience-account registration, delivered by the configured provider; the outbox for operators.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ identity: Identity; messages: MessageProvider }> = async (
  app,
  { identity, messages },
) => {
  const { db, store } = identity.services;

  /** The per-address limit: every code sent counts for the address that asked for it. */
  async function takeAddressQuota(request: FastifyRequest) {
    const { ip } = clientOf(request);
    await execute(
      store,
      smsQuotaDecider,
      ip,
      [{ type: 'TakeSmsQuota', ip, at: identity.now().toISOString() }],
      { metadata: anonymousMetadata(request) },
    );
  }

  function codeText(code: string, request: FastifyRequest, language = requestLanguage(request)) {
    return translate('recovery.message', language, { code, minutes: RECOVERY_CODE_MINUTES });
  }

  async function sendRecoveryCode(request: FastifyRequest, user: UserRow) {
    const channel = user.phonenumber ? 'sms' : user.email ? 'email' : null;
    if (!channel) throw new DomainError('error.recovery.noContact');
    await takeAddressQuota(request);
    const code = sixDigitCode();
    const issuedAt = identity.now();
    const metadata = { tenantId: user.tenant_id, userId: user.user_id, correlationId: request.id };
    await execute(
      store,
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

  async function sendRegistrationCode(request: FastifyRequest, areaCode: string, phone: string) {
    await refuseRegisteredPhone(identity, phone);
    await takeAddressQuota(request);
    const code = sixDigitCode();
    const issuedAt = identity.now();
    const metadata = anonymousMetadata(request);
    await execute(
      store,
      phoneCodeDecider,
      phone,
      [
        {
          type: 'IssuePhoneCode',
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

  app.post(
    '/system/msg/send',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['user'],
        summary:
          "Send a one-time code: password recovery (to the account's phone, else email) or registration (to a new phone)",
        body: msgSendBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      const body = request.body;
      if (body.purpose === 'register') {
        await sendRegistrationCode(request, body.areaCode, body.phone);
      } else {
        const user = await findUserByAccount(db, body.account);
        // Unknown accounts, accounts without phone or email, and the limits all get the same answer:
        // the form must not tell who has an account.
        if (user) await sendRecoveryCode(request, user).catch(ignoreRefusal);
      }
      return { ...ok(request, null), msg: translate('recovery.sent', requestLanguage(request)) };
    },
  );

  app.post(
    '/system/msg/check',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['user'],
        summary:
          'Check a registration code (a wrong one counts towards the five tries; the code stays usable)',
        body: msgCheckBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      const { phone, code } = request.body;
      await checkPhoneCode(identity, request, phone, code, false);
      return { ...ok(request, null), msg: translate('register.codeRight', requestLanguage(request)) };
    },
  );

  app.get(
    '/system/msg/outbox/list',
    {
      config: operatorOnly('system:outbox:list'),
      schema: {
        tags: ['user'],
        summary: 'Messages the outbox provider kept (every tenant), newest first',
        querystring: pageQuerySchema.extend({
          recipient: z.string().max(200).optional(),
          channel: z.enum(['sms', 'email']).optional(),
        }),
        response: apiResponses(listEnvelopeSchema(outboxMessageSchema)),
      },
    },
    async (request) => okList(request, await listOutbox(db, request.query)),
  );
};

/** A refused recovery request is answered like a granted one; anything else is a real failure. */
function ignoreRefusal(error: unknown): void {
  if (!(error instanceof DomainError)) throw error;
}
