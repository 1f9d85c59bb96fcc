import { apiResponses, envelopeSchema, registerBodySchema, registeredSchema } from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from '../auth/identity.ts';
import { ok } from '../http.ts';
import { registerTrialTenant } from './register.ts';

/**
 * Experience-account registration (spec section 2): with the SMS code of /system/msg/send, a trial tenant
 * (user type '02', 180 days) with its administrator, department and administrator role. The administrator's
 * random initial password is answered once and must be changed at the first login, as for every tenant
 * an operator creates.
 */
export const registrationRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (
  app,
  { identity },
) => {
  app.post(
    '/auth/register',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary:
          'Register an experience account: a trial tenant and its administrator (password answered once)',
        body: registerBodySchema,
        response: apiResponses(envelopeSchema(registeredSchema)),
      },
    },
    async (request) => ok(request, await registerTrialTenant(identity, request, request.body)),
  );
};
