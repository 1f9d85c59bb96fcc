import { listOutbox } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
  msgCheckBodySchema,
  msgSendBodySchema,
  noDataResponses,
  outboxListQuerySchema,
  outboxMessageSchema,
  outboxTextSchema,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { checkPhoneCode } from '../auth/one-time-codes.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import type { MessageProvider } from '../sms.ts';
import { revealOutboxMessage } from './reveal-outbox-message.ts';
import { sendCode } from './send-code.ts';

/**
 * One-time codes (spec section 7: POST /system/msg/send and /system/msg/check) for password recovery and
 * experience-account registration, delivered by the configured provider; the outbox for operators.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ identity: Identity; messages: MessageProvider }> = async (
  app,
  { identity, messages },
) => {
  const { db } = identity.services;

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
      await sendCode(identity, messages, request, request.body);
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
        querystring: outboxListQuerySchema,
        response: apiResponses(listEnvelopeSchema(outboxMessageSchema)),
      },
    },
    async (request) => okList(request, await listOutbox(db, request.query)),
  );

  app.post(
    '/system/msg/outbox/reveal/:messageId',
    {
      // Reading a code is an act of its own: the operation log records who read which message.
      config: { ...operatorOnly('system:outbox:list'), audit: '0' },
      schema: {
        tags: ['user'],
        summary: "Reveal an outbox message's code (the list masks it)",
        params: z.object({ messageId: z.uuid() }),
        response: apiResponses(envelopeSchema(outboxTextSchema)),
      },
    },
    async (request) => ok(request, await revealOutboxMessage(db, request.params.messageId)),
  );
};
