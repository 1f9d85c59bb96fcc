import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '@hydrolog/domain';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { bearerToken, callerOf, liveSession } from './auth/guard.ts';
import { failure } from './http.ts';
import type { Services } from './services.ts';

/** Tenant logos are shown on the login page, to anyone; every other upload only to its tenant's users. */
const PUBLIC_FOLDER = 'logo';
type Folder = 'avatar' | 'logo' | 'customer' | 'workOrder' | 'manualReading';
const FOLDERS: readonly string[] = [
  'avatar',
  'logo',
  'customer',
  'workOrder',
  'manualReading',
] satisfies Folder[];
const FILE_NAME = /^[\w-]+\.(png|jpg)$/;
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
/** The cookie the back office keeps its token in (spec section 3): images load without a bearer header. */
const TOKEN_COOKIE = 'Admin-Token';

/**
 * Saves the png or jpg image of a multipart request (field `field`, 5 MB at most: the multipart limit)
 * and answers its URL (served at /uploads/). A tenant's files sit in its own directory, so that only its
 * users find them; logos sit in one public directory.
 */
export async function saveImageUpload(
  request: FastifyRequest,
  uploadsDir: string,
  field: string,
  folder: Folder,
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
  const directory = folderDirectory(uploadsDir, folder, callerOf(request).tenantId);
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, name), content);
  return `/uploads/${folder}/${name}`;
}

function folderDirectory(uploadsDir: string, folder: Folder, tenantId: string): string {
  return folder === PUBLIC_FOLDER ? join(uploadsDir, folder) : join(uploadsDir, folder, tenantId);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger images are refused before decoding: a small file can claim a size that takes gigabytes. */
const MAX_MEGAPIXELS = 40;

/**
 * The type of an image that decodes as a whole (the name, the declared type and the first bytes can all
 * lie: a png signature followed by a page of HTML is no image): png or jpg, else null.
 */
export function imageExtension(content: Buffer): 'png' | 'jpg' | null {
  try {
    if (content.subarray(0, 8).equals(PNG_SIGNATURE)) {
      // IHDR comes first: width and height at bytes 16 and 20.
      if ((content.readUInt32BE(16) * content.readUInt32BE(20)) / 1e6 > MAX_MEGAPIXELS) return null;
      PNG.sync.read(content);
      return 'png';
    }
    if (content[0] === 0xff && content[1] === 0xd8) {
      jpeg.decode(content, { maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 256, useTArray: true });
      return 'jpg';
    }
  } catch {
    return null;
  }
  return null;
}

function cookieToken(request: FastifyRequest): string | null {
  const prefix = `${TOKEN_COOKIE}=`;
  const cookie = (request.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(prefix));
  if (!cookie) return null;
  try {
    return decodeURIComponent(cookie.slice(prefix.length)) || null;
  } catch {
    return null;
  }
}

/**
 * GET /uploads/<folder>/<name>: a logo to anyone; any other file to a signed-in user of its tenant (bearer
 * token, or the back office's token cookie for <img> elements), never cached by shared caches. Anything else
 * under /uploads, a path that climbs out included, is not found.
 */
export function registerUploads(app: FastifyInstance, services: Services, uploadsDir: string): void {
  app.get('/uploads/*', async (request, reply) => {
    const notFound = () => reply.status(404).send(failure(request, 'http.404', {}, 404));
    const path = (request.params as { '*': string })['*'];
    const [folder, name, ...rest] = path.split('/');
    if (rest.length || !folder || !name || !FOLDERS.includes(folder) || !FILE_NAME.test(name))
      return notFound();
    let directory = join(uploadsDir, folder);
    if (folder !== PUBLIC_FOLDER) {
      const session = await liveSession(services, bearerToken(request) ?? cookieToken(request));
      if (typeof session === 'string') return reply.status(401).send(failure(request, 'http.401', {}, 401));
      directory = folderDirectory(uploadsDir, folder as Folder, session.tenant_id);
    }
    const content = await readFile(join(directory, name)).catch(() => null);
    if (!content) return notFound();
    return reply
      .header('content-type', CONTENT_TYPES[name.endsWith('.png') ? 'png' : 'jpg'])
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', folder === PUBLIC_FOLDER ? 'public, max-age=300' : 'private, no-store')
      .send(content);
  });
}

/**
 * Files saved before uploads were kept by tenant sit directly in their folder: each goes to the directory of
 * the tenant whose user (avatar) or account (attachment) names it, so its users still see it. A file nobody
 * names stays where it is, served to no one. Answers how many moved.
 */
export async function moveUntenantedUploads(services: Services, uploadsDir: string): Promise<number> {
  let moved = 0;
  for (const folder of ['avatar', 'customer'] as const) {
    const entries = await readdir(join(uploadsDir, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !FILE_NAME.test(entry.name)) continue;
      const url = `/uploads/${folder}/${entry.name}`;
      const { rows } = await services.db.query<{ tenant_id: string }>(
        folder === 'avatar'
          ? 'SELECT tenant_id::text FROM users WHERE avatar = $1 LIMIT 1'
          : "SELECT tenant_id::text FROM customers WHERE account->'attachments' @> jsonb_build_array($1::text) LIMIT 1",
        [url],
      );
      const tenantId = rows[0]?.tenant_id;
      if (!tenantId) continue;
      const directory = folderDirectory(uploadsDir, folder, tenantId);
      await mkdir(directory, { recursive: true });
      await rename(join(uploadsDir, folder, entry.name), join(directory, entry.name));
      moved++;
    }
  }
  return moved;
}
