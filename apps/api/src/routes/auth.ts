import { sessionDecider } from '@hydrolog/domain';
import { findSession } from '@hydrolog/projections';
import {
  apiResponses,
  captchaSchema,
  envelopeSchema,
  loginBodySchema,
  loginResultSchema,
  noDataResponses,
  publicKeySchema,
  refreshResultSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../auth/client.ts';
import { sha256 } from '../auth/crypto.ts';
import { bearerToken, callerOf, ownSession } from '../auth/guard.ts';
import { type Identity, sessionMinutes } from '../auth/identity.ts';
import { loginThrottle } from '../auth/throttle.ts';
import { execute } from '../commands.ts';
import type { LoginLimits } from '../config.ts';
import { ok } from '../http.ts';

/** Login, captcha, token refresh and logout (spec section 7 /auth/...). */
export const authRoutes: FastifyPluginAsyncZod<{
  identity: Identity;
  loginLimits?: LoginLimits | undefined;
}> = async (app, { identity, loginLimits }) => {
  const { services } = identity;

  app.get(
    '/auth/publicKey',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'The RSA public key (PEM) browsers encrypt passwords with (RSA-OAEP, SHA-256)',
        response: apiResponses(envelopeSchema(publicKeySchema)),
      },
    },
    async (request) => ok(request, { publicKey: identity.cipher.publicKeyPem }),
  );

  app.get(
    '/auth/code',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'A captcha image and its id (none when sys.account.captchaEnabled is false)',
        response: apiResponses(envelopeSchema(captchaSchema)),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { captchaEnabled } = await identity.settings();
      return ok(
        request,
        captchaEnabled ? { captchaEnabled, ...identity.captchas.create() } : { captchaEnabled },
      );
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: { public: true } },
      onRequest: loginThrottle(app, loginLimits),
      schema: {
        tags: ['auth'],
        summary: 'Log in with user name, email or phone and the encrypted password',
        body: loginBodySchema,
        response: apiResponses(envelopeSchema(loginResultSchema)),
      },
    },
    async (request) => {
      const { token, minutes } = await identity.login(request.body, clientOf(request));
      return ok(request, { access_token: token, expires_in: minutes });
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: ownSession,
      schema: {
        tags: ['auth'],
        summary: 'Extend the session; answers the new expiry in minutes',
        response: apiResponses(envelopeSchema(refreshResultSchema)),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const minutes = sessionMinutes(caller.rememberMe);
      const now = new Date();
      await execute(
        services.store,
        sessionDecider,
        caller.sessionId,
        [
          {
            type: 'RefreshSession',
            expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
            now: now.toISOString(),
          },
        ],
        { metadata: { tenantId: caller.tenantId, userId: caller.userId, correlationId: request.id } },
      );
      return ok(request, { expires_in: minutes });
    },
  );

  app.delete(
    '/auth/logout',
    {
      // Open to any caller: a client must always be able to clear its token, even one already ended.
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary:
          'End the session: its token stops working at once (an ended or unknown token: nothing to end)',
        response: noDataResponses,
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const session = token ? await findSession(services.db, sha256(token)) : null;
      if (session && !session.ended_at) {
        await execute(
          services.store,
          sessionDecider,
          session.session_id,
          [{ type: 'EndSession', reason: 'logout', at: new Date().toISOString() }],
          { metadata: { tenantId: session.tenant_id, userId: session.user_id, correlationId: request.id } },
        );
      }
      return ok(request, null);
    },
  );
};
