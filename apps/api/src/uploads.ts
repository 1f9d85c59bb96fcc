import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '@hydrolog/domain';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';

/**
 * Saves the png or jpg image of a multipart request (field `field`, 5 MB at most: the multipart limit)
 * under `<uploadsDir>/<folder>/` and answers its URL (served at /uploads/).
 */
export async function saveImageUpload(
  request: FastifyRequest,
  uploadsDir: string,
  field: string,
  folder: 'avatar' | 'logo' | 'customer',
): Promise<string> {
  const file = await request.file().catch(() => undefined);
  if (file?.fieldname !== field) throw new DomainError('error.upload.missing');
  const content = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
    throw error;
  });
  const extension = imageExtension(content);
  if (!extension) throw new DomainError('error.upload.type');
  const name = `${uuidv7()}.${extension}`;
  await mkdir(join(uploadsDir, folder), { recursive: true });
  await writeFile(join(uploadsDir, folder, name), content);
  return `/uploads/${folder}/${name}`;
}

/** The image type from the first bytes (the name and the declared type can lie): png or jpg, else null. */
function imageExtension(content: Buffer): 'png' | 'jpg' | null {
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpg';
  return null;
}
