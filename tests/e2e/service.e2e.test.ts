import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `npm start` exactly as a person runs it, on its own port and data directory. */
async function npmStart(port: number, dataDir: string): Promise<ChildProcess> {
  const proc = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HYDROLOG_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  proc.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const health = await fetch(`http://127.0.0.1:${port}/prod-api/health`).catch(() => null);
    if (health?.ok) return proc;
    if (proc.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start did not answer /prod-api/health within 90 s:\n${output}`);
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  process.kill(-proc.pid!, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (proc.exitCode === null) process.kill(-proc.pid!, 'SIGKILL');
}

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

      const created = await fetch(`http://127.0.0.1:${port}/prod-api/system/tenant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Survives restarts' }),
      });
      expect((await created.json()).code).toBe(200);
    } finally {
      await stop(service);
    }

    service = await npmStart(port, dataDir);
    try {
      const list = await (
        await fetch(`http://127.0.0.1:${port}/prod-api/system/tenant/list?name=Survives`)
      ).json();
      expect(list.total).toBe(1);
      const all = await (await fetch(`http://127.0.0.1:${port}/prod-api/system/tenant/list`)).json();
      expect(all.total).toBe(4); // the three demo tenants, seeded once, and ours
    } finally {
      await stop(service);
    }

    const replay = spawnSync('npm', ['run', 'hydrolog', '--', 'replay', '--verify'], {
      cwd: root,
      env: { ...process.env, HYDROLOG_DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(replay.status).toBe(0);
    expect(replay.stdout).toContain('All checksums equal.');
    expect(replay.stdout).toMatch(/tenants\s+rows\s+4\s+live (\w+)\s+replay \1\s+equal/);
  });
});
