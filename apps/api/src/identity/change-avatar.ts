import { userDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';

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
