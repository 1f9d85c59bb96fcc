import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userDecider } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../src/commands.ts';
import type { Services } from '../src/services.ts';
import { moveUntenantedUploads } from '../src/uploads.ts';
import { ACCOUNTS, injectAs, login, multipartFile, startApi, TINY_PNG } from './support.ts';

describe.each(testEngines())('uploaded files on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let uploadsDir: string;
  let demoToken: string;
  let attachment: string;
  beforeAll(async () => {
    ({ app, services, uploadsDir } = await startApi(engine));
    demoToken = await login(app, ...ACCOUNTS.demoAdmin);
    const uploaded = await injectAs(
      app,
      demoToken,
    )({
      method: 'POST',
      url: '/prod-api/business/customer/attachment',
      ...multipartFile('meter.png', TINY_PNG, 'image/png'),
    });
    attachment = uploaded.json().data.url;
    expect(attachment).toMatch(/^\/uploads\/customer\/[\w-]+\.png$/);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('serves a customer attachment only to a signed-in user of its tenant, never to a shared cache', async () => {
    const anonymous = await app.inject(attachment);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('PNG');
    const otherTenant = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    expect((await otherTenant(attachment)).statusCode).toBe(404);
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    expect((await operator(attachment)).statusCode).toBe(404);

    const own = await injectAs(app, await login(app, ...ACCOUNTS.demoViewer))(attachment);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(own.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  it('lets the back office load images with its token cookie, as <img> elements do', async () => {
    const withCookie = await app.inject({
      url: attachment,
      headers: { cookie: `sidebarStatus=1; Admin-Token=${demoToken}` },
    });
    expect(withCookie.statusCode).toBe(200);
    const forged = await app.inject({ url: attachment, headers: { cookie: 'Admin-Token=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('takes an image only when it decodes, whatever its first bytes, and serves it as what it is', async () => {
    const admin = injectAs(app, demoToken);
    const attach = (name: string, content: Buffer) => {
      const { payload, headers } = multipartFile(name, content, 'image/png');
      return admin({
        method: 'POST',
        url: '/prod-api/business/customer/attachment',
        payload,
        headers: { ...headers, 'content-language': 'en' },
      });
    };
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    for (const disguised of [
      Buffer.concat([TINY_PNG.subarray(0, 8), html]),
      Buffer.concat([TINY_PNG.subarray(0, 33), html]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]),
    ]) {
      expect((await attach('page.png', disguised)).json()).toMatchObject({
        code: 500,
        msg: 'Wrong file type: upload a png or jpg image',
      });
    }
    const photo = jpeg.encode({ data: Buffer.alloc(4 * 4 * 4, 180), width: 4, height: 4 }, 90).data;
    const url = (await attach('photo.png', photo)).json().data.url;
    expect(url).toMatch(/\.jpg$/);
    const served = await admin(url);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
    });
  });

  it('serves tenant logos to anyone: the login page shows them', async () => {
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const res = await operator({
      method: 'POST',
      url: '/prod-api/system/tenant/logo/00000000-0000-7000-8000-000000000003',
      ...multipartFile('logo.png', TINY_PNG, 'image/png', 'logofile'),
    });
    const logo = await app.inject(res.json().data.logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
  });

  it('moves a file saved before uploads were kept by tenant to the tenant that names it', async () => {
    const viewer = '00000000-0000-7000-8000-000000000204';
    const avatar = '/uploads/avatar/0190a000-0000-7000-8000-00000000aaaa.png';
    const orphan = '/uploads/avatar/0190a000-0000-7000-8000-00000000bbbb.png';
    const orphanAttachment = '/uploads/customer/0190a000-0000-7000-8000-00000000cccc.png';
    for (const folder of ['avatar', 'customer']) mkdirSync(join(uploadsDir, folder), { recursive: true });
    for (const url of [avatar, orphan, orphanAttachment])
      writeFileSync(join(uploadsDir, url.replace('/uploads/', '')), TINY_PNG);
    await execute(services.store, userDecider, viewer, [{ type: 'ChangeAvatar', avatar }], {
      metadata: { tenantId: '00000000-0000-7000-8000-000000000002', correlationId: viewer },
    });
    expect(await moveUntenantedUploads(services, uploadsDir)).toBe(1);
    const demo = injectAs(app, demoToken);
    expect((await demo(avatar)).statusCode).toBe(200);
    expect((await demo(orphan)).statusCode).toBe(404);
    expect((await demo(orphanAttachment)).statusCode).toBe(404);
    expect((await injectAs(app, await login(app, ...ACCOUNTS.trialAdmin))(avatar)).statusCode).toBe(404);
  });

  it('answers a path that climbs out of the uploads, or names no upload, with 404', async () => {
    const file = attachment.split('/').pop();
    for (const probe of [
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      `/uploads/customer/..%2f${file}`,
      `/uploads/customer/%00${file}`,
      '/uploads/avatar/',
      '/uploads/',
      `/uploads/customer/00000000-0000-7000-8000-000000000002/${file}`,
    ]) {
      const res = await injectAs(app, demoToken)(probe);
      expect(res.statusCode, probe).toBe(404);
    }
  });
});
