import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { freePort, root, runService, stopService } from './support.ts';

/** `npm start` exactly as a person runs it, on its own port and data directory (captcha off to log in). */
const npmStart = (port: number, dataDir: string) =>
  runService('npm', ['start'], port, dataDir, { HYDROLOG_SEED_CAPTCHA: 'false' });

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hydrolog-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the web app and a healthy API, keeps data across a restart, and replays to equal checksums', async () => {
    const port = await freePort();
    let service = await npmStart(port, dataDir);
    try {
      const index = await fetch(`http://127.0.0.1:${port}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<div id="root">');
      const deepLink = await fetch(`http://127.0.0.1:${port}/system/tenant`);
      expect(await deepLink.text()).toContain('<div id="root">');
      const health = await (await fetch(`http://127.0.0.1:${port}/prod-api/health`)).json();
      expect(health.data).toMatchObject({ status: 'ok', database: { engine: 'pglite', ok: true } });

      const login = await (await fetch(`http://127.0.0.1:${port}/prod-api/auth/code`)).json();
      expect(login.data.captchaEnabled).toBe(false);
      const operator = await apiLogin(`http://127.0.0.1:${port}`, 'admin', 'Admin123');
      const created = await fetch(`http://127.0.0.1:${port}/prod-api/system/tenant`, {
        method: 'POST',
        headers: operator,
        body: JSON.stringify({ name: 'Survives restarts' }),
      });
      expect((await created.json()).code).toBe(200);
    } finally {
      await stopService(service);
    }

    service = await npmStart(port, dataDir);
    try {
      // The login key survives the restart too: a login form opened before it still works.
      const operator = await apiLogin(`http://127.0.0.1:${port}`, 'admin', 'Admin123');
      const list = await (
        await fetch(`http://127.0.0.1:${port}/prod-api/system/tenant/list?name=Survives`, {
          headers: operator,
        })
      ).json();
      expect(list.total).toBe(1);
      const all = await (
        await fetch(`http://127.0.0.1:${port}/prod-api/system/tenant/list`, { headers: operator })
      ).json();
      expect(all.total).toBe(4); // the three demo tenants, seeded once, and ours
    } finally {
      await stopService(service);
    }

    const replay = spawnSync('npm', ['run', 'hydrolog', '--', 'replay', '--verify'], {
      cwd: root,
      env: { ...process.env, HYDROLOG_DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(replay.status).toBe(0);
    expect(replay.stdout).toContain('All checksums equal.');
    expect(replay.stdout).toMatch(/tenants\s+rows\s+4\s+live (\w+)\s+replay \1\s+equal/);
    expect(replay.stdout).toMatch(/users\s+rows\s+6\s+live (\w+)\s+replay \1\s+equal/);
  });
});
