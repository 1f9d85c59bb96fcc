// `npm start`: the service with the demo platform (tenants, users, accounts, partitions) and its simulated
// meters, which report through the real gateway protocol like any gateway: over HTTP, and one district's
// concentrator over MQTT.
import { join } from 'node:path';
import { type Config, loadConfig, serve } from '@hydrolog/api';
import { startDemoFleet } from './fleet.ts';
import { DEMO_TENANTS, seedDemo } from './seed.ts';

const env = process.env;
/** HYDROLOG_SEED=0: the service alone, as apps/api/src/main.ts runs it. */
const seed = env.HYDROLOG_SEED !== '0';
/** The captcha parameter the seed writes at first start (automated browser tests turn it off). */
const captchaEnabled = env.HYDROLOG_SEED_CAPTCHA !== 'false';
const simulate = seed && env.HYDROLOG_SIMULATE !== '0';

const config = loadConfig();

/** How the demo's MQTT concentrator reaches the service: its embedded broker, or its MQTT_URL; none when off. */
function demoMqtt({ mqtt }: Config) {
  if (mqtt.url) return { url: mqtt.url, external: true };
  return mqtt.port === null ? undefined : { url: `mqtt://127.0.0.1:${mqtt.port}` };
}
await serve(
  config,
  seed
    ? {
        prepare: (services) => seedDemo(services, { captchaEnabled }),
        banner: [
          `  Demo       ${DEMO_TENANTS.map((t) => t.name).join(', ')}`,
          '             log in as admin / Admin123 (platform) or demo_admin / Demo1234 (utility); README lists all',
        ],
        ...(simulate && {
          beside: (services, baseUrl, signal) =>
            startDemoFleet(services, {
              baseUrl,
              keysFile: join(config.dataDir, 'sim', 'gateway-keys.json'),
              signal,
              mqtt: demoMqtt(config),
            }),
        }),
      }
    : {},
);
