import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

export const root = join(import.meta.dirname, '../..');
export const outputDir = join(import.meta.dirname, 'output');

export function freePort(): Promise<number> {
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

/**
 * Runs a service command (in its own process group) on a port and data directory, and resolves once
 * /prod-api/health answers; its output is kept for the error message when it does not.
 */
export async function runService(
  command: string,
  args: string[],
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const proc = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HYDROLOG_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo meter fleet only where a test asks for it: its backfill is heavy.
      HYDROLOG_SIMULATE: '0',
      // No browser test speaks MQTT, and services started side by side would compete for its port.
      MQTT_PORT: 'off',
      ...env,
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
    if (proc.exitCode !== null) throw new Error(`the service exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopService(proc);
  throw new Error(`the service did not answer /prod-api/health within 90 s:\n${output}`);
}

/** SIGTERM to the process group, SIGKILL after 10 s; resolves once every process of the group is gone. */
export async function stopService(proc: ChildProcess): Promise<void> {
  const group = -proc.pid!;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(group, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(group, 'SIGKILL');
  while (alive()) await new Promise((r) => setTimeout(r, 100));
}

/** The demo service of `npm start`, without its simulated fleet unless `env` asks for it. */
function runDemoService(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  return runService(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/demo/src/main.ts')],
    port,
    dataDir,
    // Every browser signs in from one address, many times a minute: no login limits unless a test sets them.
    { HYDROLOG_LOGIN_LIMIT_PER_ADDRESS: '0', HYDROLOG_LOGIN_LIMIT_TOTAL: '0', ...env },
  );
}

/**
 * The variable naming a data directory the demo seed has run in (captcha off, no fleet), made once per
 * browser-test run by the global setup: each service starts from a copy instead of seeding again.
 */
const SEEDED_DATA_DIR = 'HYDROLOG_E2E_SEEDED_DATA_DIR';
const SEEDED_WITH = { HYDROLOG_SEED_CAPTCHA: 'false' };

/** vitest's global setup of the browser tests: the seeded data directory, removed by the teardown. */
export async function seedDataDirForTheRun(): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hydrolog-e2e-seeded-'));
  await stopService(await runDemoService(await freePort(), dataDir, SEEDED_WITH));
  // The test processes start after the global setup and inherit its environment.
  process.env[SEEDED_DATA_DIR] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The service on a free port with a fresh data directory; stop() ends it and removes the directory.
 * `env` adds variables (HYDROLOG_SEED_CAPTCHA=false for browser logins).
 */
export async function startService(
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hydrolog-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR];
  if (seeded && env.HYDROLOG_SEED_CAPTCHA === SEEDED_WITH.HYDROLOG_SEED_CAPTCHA)
    cpSync(seeded, dataDir, { recursive: true });
  const proc = await runDemoService(port, dataDir, env);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopService(proc);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A day of the reading rate report, as `/report/readingRate/list` answers it. */
export interface RateDay {
  date: string;
  reported: number;
  installed: number;
  rate: number;
}

/**
 * Waits until the simulated fleet's backfill reached the last complete day (the day before
 * yesterday, as NB-IoT meters upload a day up to four hours after midnight), and answers the report's days;
 * fails with the last days seen when it does not within 5 minutes.
 */
export async function fleetBackfilled(url: string, headers: Record<string, string>): Promise<RateDay[]> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const answer = await fetch(`${url}/prod-api/report/readingRate/list?days=30`, { headers });
    const { data } = (await answer.json()) as { data?: { days: RateDay[] } };
    const days = data?.days ?? [];
    if ((days.at(-3)?.rate ?? 0) > 0.9) return days;
    if (Date.now() > deadline)
      throw new Error(
        `the fleet's backfill did not reach the last complete day: ${JSON.stringify(days.slice(-3))}`,
      );
    await new Promise((r) => setTimeout(r, 3000));
  }
}

/** Debian's Chromium, never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(outputDir, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--enable-unsafe-swiftshader',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Fills the login form and submits it; by the fields' kinds, so in any language. */
export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Pages and sign-in for a file's tests, bound to the service and browser its beforeAll starts (read when
 * called). Pages open in a context of their own, in English, at `viewport`.
 */
export function browserSession(
  started: () => { url: string; browser: Browser },
  viewport = { width: 1280, height: 800 },
) {
  return {
    async newPage(): Promise<Page> {
      const context = await started().browser.newContext({ locale: 'en-US', viewport });
      return context.newPage();
    },
    /** Opens `path` without a session, is sent to the login page, signs in and lands back on `path`. */
    async signIn(page: Page, username: string, password: string, path = '/index'): Promise<void> {
      await page.goto(started().url + path);
      await page.waitForURL(`**/login?redirect=${encodeURIComponent(path)}`);
      await fillLogin(page, username, password);
      await page.waitForURL(`**${path}`);
    },
  };
}

/**
 * Opens a select and picks the option `name`. The select is opened again when its list did not show: a page
 * still settling after a load can draw the select anew, closing a list opened a moment before.
 */
export async function pickOption(page: Page, select: Locator, name: string): Promise<void> {
  const option = page.getByRole('option', { name });
  for (let attempt = 1; ; attempt++) {
    await select.click();
    try {
      await option.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
  await option.click();
}

/** A browser context of a phone (width under 992 px: the spec's mobile layout), in English. */
export const PHONE = {
  locale: 'en-US',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

/**
 * On the accounts page: opens the open-account form, fills in a holder, picks the customer type and the
 * meter (by its number in the picker), and answers the form.
 */
export async function fillAccountForm(page: Page, customerType: string, meterNo: string): Promise<Locator> {
  const form = page.getByTestId('customer-form');
  await page.getByRole('button', { name: 'Open account' }).click();
  await form.getByLabel('Name').fill('Wang Fang');
  await form.getByLabel('Mobile').fill('13800000009');
  await form.getByLabel('Customer type').click();
  await page.getByRole('option', { name: customerType }).click();
  await form.getByLabel('Meter').fill(meterNo);
  await page.getByRole('option', { name: new RegExp(meterNo) }).click();
  return form;
}

/** The cells (trimmed) of each line of the charge shown: a trial calculation, or a part of a bill. */
export async function trialLineCells(page: Page): Promise<string[][]> {
  const rows = await page.getByTestId('trial-lines').locator('tbody tr').all();
  return Promise.all(rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((c) => c.trim())));
}
