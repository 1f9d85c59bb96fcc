import { userDecider } from '@hydrolog/domain';
import type { updateProfileBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Changes the caller's name, email, phone or sex (empty contacts are none). */
export async function changeProfile(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof updateProfileBodySchema>,
) {
  const { nickName, email, phonenumber, sex } = body;
  await execute(
    services.store,
    userDecider,
    callerOf(request).userId,
    [
      {
        type: 'ChangeProfile',
        nickName,
        email: email || null,
        phonenumber: phonenumber || null,
        sex: sex ?? null,
      },
    ],
    { metadata: callerMetadata(request), taken: 'error.user.exists' },
  );
}
