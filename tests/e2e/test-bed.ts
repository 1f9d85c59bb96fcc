import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { browserSession, launchChromium, startService } from './support.ts';

type Env = Record<string, string>;

/**
 * One service (seeded, captcha off for browser logins, plus `env`) and one Chromium for the describe that
 * calls it: a service start is the slow part of a browser test, so its tests share them. It registers the
 * beforeAll that starts both and the afterAll that closes them; the describe's own set-up registers its
 * hooks after this call, so they run once both are up and end before both go. `env` may be a function,
 * called in that beforeAll, for a variable known only then (the port of a server the file starts).
 * Pages open at `viewport`.
 */
export function browserTestBed(
  env: Env | (() => Promise<Env>) = {},
  viewport?: { width: number; height: number },
) {
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  let browser: Browser | undefined;
  // A service start waits up to 90 s for its health, which a loaded machine may take.
  beforeAll(async () => {
    service = await startService({
      HYDROLOG_SEED_CAPTCHA: 'false',
      ...(typeof env === 'function' ? await env() : env),
    });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  const started = () => {
    if (!service || !browser)
      throw new Error('the test bed starts in a beforeAll: use it in tests and hooks');
    return { url: service.url, browser };
  };
  return {
    get url() {
      return started().url;
    },
    get browser() {
      return started().browser;
    },
    ...browserSession(started, viewport),
  };
}
