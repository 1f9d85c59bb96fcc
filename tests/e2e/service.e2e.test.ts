import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { freePort, root, runService, stopService } from './support.ts';

/**
 * `npm start` exactly as a person runs it, on its own port and data directory (captcha off to log in),
 * with the demo meter fleet reporting as it does by default.
 */
const npmStart = (port: number, dataDir: string) =>
  runService('npm', ['start'], port, dataDir, { HYDROLOG_SEED_CAPTCHA: 'false', HYDROLOG_SIMULATE: '1' });

/** Polls `probe` until it returns a value (not undefined) or the time is up. */
async function eventually<T>(probe: () => Promise<T | undefined>, seconds: number, what: string): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hydrolog-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the web app and a healthy API, fills the demo from the simulated fleet, keeps data across a restart, and replays to equal checksums', {
    timeout: 600_000,
  }, async () => {
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

      // The fleet backfills its history through the gateway protocol; the readings projection follows.
      const base = `http://127.0.0.1:${port}/prod-api`;
      const utility = await apiLogin(`http://127.0.0.1:${port}`, 'demo_admin', 'Demo1234');
      const get = async (path: string) => (await fetch(`${base}${path}`, { headers: utility })).json();
      const rate = await eventually(
        async () => {
          const days = (await get('/report/readingRate/list?days=30')).data.days as { reported: number }[];
          return days.at(-3)!.reported >= 200 ? days : undefined;
        },
        300,
        'every demo meter reported the day before yesterday',
      );
      expect(rate.at(-3)).toMatchObject({ reported: 200, installed: 200, rate: 1 });
      const gateways = (await get('/ingest/gateway/list')).rows as { meterCount: number; online: boolean }[];
      expect(gateways.map((g) => g.online)).toEqual([true, true, true]);
      expect(gateways.reduce((sum, g) => sum + g.meterCount, 0)).toBe(200);

      // A valve command goes down to the simulated concentrator, which closes the valve and says so.
      const today = new Date().toISOString().slice(0, 10);
      const household = (await get(`/report/history/meter?meterNo=1000000001&from=${today}&to=${today}`))
        .data;
      const issued = await fetch(`${base}/business/valve/close`, {
        method: 'POST',
        headers: utility,
        body: JSON.stringify({ meterIds: [household.meter.meterId] }),
      });
      const [commandId] = (await issued.json()).data.commandIds;
      const status = await eventually(
        async () => {
          const rows = (await get('/business/valve/list?meterNo=1000000001')).rows as {
            commandId: string;
            status: string;
          }[];
          const found = rows.find((r) => r.commandId === commandId)?.status;
          return found === 'sending' ? undefined : found;
        },
        90,
        'the simulator answered the valve command',
      );
      expect(status).toBe('success');
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
    expect(replay.stdout).toMatch(/readings\s+rows\s+\d{6,}\s+live (\w+)\s+replay \1\s+equal/);
  });
});
