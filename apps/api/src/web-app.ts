import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite writes content-hashed files here: a new build gives them new names, so they never change. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: always revalidated, so a deployment is seen on the next load. */
const REVALIDATE = 'no-cache';

export interface WebAppOptions {
  /** The built web app; nothing is served when it holds no index.html. */
  webDir: string | undefined;
  /** Paths under these prefixes are never client-side routes. */
  reservedPrefixes: readonly string[];
  /** The answer to everything else that matches no route. */
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * A client-side route: a GET outside the reserved prefixes whose last segment has no file extension. A
 * missing file (a stale chunk after a deployment, a typo) gets a 404 rather than index.html, which the
 * browser would try to run as a script.
 */
function isClientRoute(request: FastifyRequest, reservedPrefixes: readonly string[]): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (reservedPrefixes.some((prefix) => path.startsWith(prefix))) return false;
  return !basename(path).includes('.');
}

/**
 * Serves the built back office: the precompressed copy (`.br`, `.gz`, written at build) that the browser
 * accepts, hashed assets cached for good, index.html revalidated, and index.html for client-side routes.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDir, reservedPrefixes, notFound } = options;
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // The compressed copies are picked by content negotiation, never addressed themselves.
      globIgnore: ['**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = relative(webDir, path).split(sep)[0] === HASHED_DIR;
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
        // Caches must keep the copies for each encoding apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  const prefixes = [...reservedPrefixes, `/${HASHED_DIR}/`];
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && isClientRoute(request, prefixes)) return reply.type('text/html').sendFile('index.html');
    return notFound(request, reply);
  });
}
