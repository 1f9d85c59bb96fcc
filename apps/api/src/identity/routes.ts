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
import { ownSession } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { loginThrottle } from '../auth/throttle.ts';
import type { LoginLimits } from '../config.ts';
import { ok } from '../http.ts';
import { logout } from './logout.ts';
import { refreshSession } from './refresh-session.ts';

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
    async (request) => ok(request, { expires_in: await refreshSession(services, request) }),
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
      await logout(services, request);
      return ok(request, null);
    },
  );
};
