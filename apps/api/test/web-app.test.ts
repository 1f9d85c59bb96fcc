import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/web-app.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};`;
const STYLE = `.page { color: red; }\n`.repeat(100);

/** A built web app as vite and the precompress plugin leave it: hashed assets with .br and .gz beside. */
function buildWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hydrolog-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  for (const [name, content] of [
    ['index-Ab12Cd34.js', SCRIPT],
    ['index-Ef56Gh78.css', STYLE],
  ] as const) {
    const path = join(dir, 'assets', name);
    writeFileSync(path, content);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  }
  return dir;
}

describe('serving the built web app', () => {
  let dir: string;
  let app: FastifyInstance;
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  beforeAll(async () => {
    dir = buildWebDir();
    app = Fastify();
    await registerWebApp(app, {
      webDir: dir,
      reservedPrefixes: ['/prod-api/'],
      notFound: (_, reply) => reply.status(404).send({ code: 404 }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed script to a browser that accepts it, cached for good', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await get('/assets/index-Ef56Gh78.css', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(STYLE);
  });

  it('sends the file itself without Accept-Encoding', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('has index.html revalidated on every load, at / and on client-side routes', async () => {
    for (const url of ['/', '/index.html', '/system/user', '/redirect/business/meter?x=1']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('answers 404, not index.html, for a missing asset, a missing file and the reserved prefixes', async () => {
    for (const url of ['/assets/missing.js', '/assets/deep/missing', '/favicon.ico', '/prod-api/nothing']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 404 });
    }
  });

  it('never serves the compressed copies under their own names', async () => {
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
    expect((await get('/assets/index-Ab12Cd34.js.gz')).statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  it('leaves every unknown path to the not-found answer', async () => {
    const app = Fastify();
    await registerWebApp(app, {
      webDir: join(tmpdir(), 'hydrolog-no-such-web-dir'),
      reservedPrefixes: ['/prod-api/'],
      notFound: (_, reply) => reply.status(404).send({ code: 404 }),
    });
    const response = await app.inject({ method: 'GET', url: '/system/user' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404 });
    await app.close();
  });
});
