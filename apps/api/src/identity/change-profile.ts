import { userDecider } from '@hydrolog/domain';
import type { Language, updateProfileBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';

/** Changes the interface language of the caller. */
export async function changeLanguage(services: Services, request: FastifyRequest, language: Language) {
  await execute(
    services.store,
    userDecider,
    callerOf(request).userId,
    [{ type: 'ChangeLanguage', language }],
    { metadata: callerMetadata(request) },
  );
}

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

/** Keeps the uploaded avatar and gives it to the caller; answers its address. */
export async function changeAvatar(
  services: Services,
  request: FastifyRequest,
  uploadsDir: string,
): Promise<string> {
  const imgUrl = await saveImageUpload(request, uploadsDir, 'avatarfile', 'avatar');
  await execute(
    services.store,
    userDecider,
    callerOf(request).userId,
    [{ type: 'ChangeAvatar', avatar: imgUrl }],
    { metadata: callerMetadata(request) },
  );
  return imgUrl;
}
