import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, SqlEventStore } from '@hydrolog/eventstore';
import { type DatabaseTemplate, openTemporaryPostgres, type TestEngine } from '@hydrolog/eventstore/testing';
import type { KafkaSettings } from '@hydrolog/ingest';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
// The API's tests sign in as the demo platform's users: its seed is their fixture (by path, since apps/demo
// depends on this package).
import { seedDemo } from '../../demo/src/index.ts';
import { buildApp } from '../src/app.ts';
import { CaptchaStore } from '../src/auth/captcha.ts';
import type { IngestSettings, LoginLimits, MqttSettings } from '../src/config.ts';
import type { Services } from '../src/services.ts';
import type { MessageProvider } from '../src/sms.ts';

export interface TestApi {
  app: FastifyInstance;
  services: Services;
  captchas: CaptchaStore;
  /** Where the app keeps uploaded files. */
  uploadsDir: string;
}

/** The demo platform, migrated and seeded, with every projection caught up: what each API test starts from. */
function demoTemplate(captchaEnabled: boolean): DatabaseTemplate {
  return {
    name: captchaEnabled ? 'demo-with-captcha' : 'demo',
    async build(db) {
      const store = await SqlEventStore.open(db);
      const runner = new ProjectionRunner(db, store, allProjections);
      await runner.start();
      await seedDemo({ db, store, runner, close: () => runner.stop() }, { captchaEnabled });
      for (const projection of allProjections) {
        if (projection.mode === 'async') await runner.catchUp(projection.name);
      }
      await runner.stop();
    },
  };
}

/**
 * The API on a fresh database of the engine, seeded with the demo tenants and users (captcha off unless
 * asked), without the web app; close the app and the services afterwards.
 */
export async function startApi(
  engine: TestEngine,
  options: {
    captchaEnabled?: boolean;
    ingest?: IngestSettings;
    kafka?: KafkaSettings;
    mqtt?: MqttSettings;
    /** The app's clock (codes, logins, dashboards): tests move it instead of waiting. */
    now?: () => Date;
    messages?: MessageProvider;
    loginLimits?: LoginLimits;
    screenLookMs?: number;
  } = {},
): Promise<TestApi> {
  const db = await engine.openCopy(demoTemplate(options.captchaEnabled ?? false));
  const store = await SqlEventStore.open(db);
  const runner = new ProjectionRunner(db, store, allProjections);
  await runner.start();
  const services: Services = {
    db,
    store,
    runner,
    async close() {
      await runner.stop();
      await db.close();
    },
  };
  const captchas = new CaptchaStore();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'hydrolog-uploads-'));
  const app = await buildApp(services, {
    logLevel: 'silent',
    uploadsDir,
    captchas,
    ...(options.ingest ? { ingest: options.ingest } : {}),
    ...(options.kafka ? { kafka: options.kafka } : {}),
    ...(options.mqtt ? { mqtt: options.mqtt } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.messages ? { messages: options.messages } : {}),
    ...(options.loginLimits ? { loginLimits: options.loginLimits } : {}),
    ...(options.screenLookMs ? { screenLookMs: options.screenLookMs } : {}),
  });
  return { app, services, captchas, uploadsDir };
}

/** What a browser does with the login form's password: RSA-OAEP (SHA-256) with the server's public key. */
export async function encryptPassword(app: FastifyInstance, password: string): Promise<string> {
  const { publicKey } = (await app.inject('/prod-api/auth/publicKey')).json().data;
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

export async function loginResponse(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/prod-api/auth/login',
    payload: { username, password: await encryptPassword(app, password), rememberMe: false, ...extra },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' },
  });
}

/** Logs in and returns the access token (fails the test when the login is refused). */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await loginResponse(app, username, password);
  const body = res.json();
  if (body.code !== 200) throw new Error(`login of ${username} refused: ${body.msg}`);
  return body.data.access_token;
}

/** `app.inject` with the bearer token of a user. */
export function injectAs(app: FastifyInstance, token: string) {
  return (options: InjectOptions | string) => {
    const opts = typeof options === 'string' ? { url: options } : options;
    return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
  };
}

/** Demo accounts (seed.ts). */
export const ACCOUNTS = {
  platformAdmin: ['admin', 'Admin123'],
  demoAdmin: ['demo_admin', 'Demo1234'],
  demoOperator: ['demo_operator', 'Oper1234'],
  demoViewer: ['demo_viewer', 'View1234'],
  demoNewcomer: ['demo_newcomer', 'Hydrolog123'],
  trialAdmin: ['trial_admin', 'Trial123'],
} as const;

/** The demo tenant's administrator and viewer and the trial tenant's administrator, signed in. */
export async function signInTenantUsers(app: FastifyInstance) {
  const as = async ([username, password]: readonly [string, string]) =>
    injectAs(app, await login(app, username, password));
  return {
    admin: await as(ACCOUNTS.demoAdmin),
    viewer: await as(ACCOUNTS.demoViewer),
    trial: await as(ACCOUNTS.trialAdmin),
  };
}

/** A gateway's batch of readings (under a new batch id) posted to the ingest with its key. */
export function uploadReadings(
  app: FastifyInstance,
  key: string,
  readings: readonly unknown[],
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/ingest/v1/readings',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ batchId: uuidv7(), readings }),
  });
}

/** Registers a gateway through the API as `as`; answers its key (shown once). */
export async function addGateway(as: ReturnType<typeof injectAs>, name: string): Promise<string> {
  const gateway = await as({
    method: 'POST',
    url: '/prod-api/ingest/gateway',
    payload: { name, kind: 'gateway' },
  });
  return gateway.json().data.key;
}

/** Closes the valve of meter `meterNo` through the back office as `as`; answers the command's id. */
export async function closeValve(
  services: Services,
  as: ReturnType<typeof injectAs>,
  meterNo: string,
): Promise<string> {
  const { rows } = await services.db.query<{ meter_id: string }>(
    'SELECT meter_id::text FROM meters WHERE meter_no = $1',
    [meterNo],
  );
  const issued = await as({
    method: 'POST',
    url: '/prod-api/business/valve/close',
    payload: { meterIds: [rows[0]!.meter_id] },
  });
  return (issued.json().data.commandIds as [string])[0];
}

/** A multipart body with one file in field `field` (`file`: the import routes). */
export function multipartFile(fileName: string, content: Buffer, contentType: string, field = 'file') {
  const boundary = `----hydrolog${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 png image (uploads are decoded, not judged by their first bytes). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A database that a child service process opens too, for the tests that kill one: a PGlite directory (one
 * process at a time; `open` opens it again here) or a temporary PostgreSQL database (`url`, for the child).
 */
export async function childDatabase(
  engine: string,
  postgresUrl: string,
  prefix: string,
  cleanups: (() => Promise<void>)[],
): Promise<{ dir: string; url: string; db: Database; open: () => Promise<Database> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (engine === 'pglite') {
    const open = () => openDatabase({ dataDir: dir });
    return { dir, url: '', db: await open(), open };
  }
  const temp = await openTemporaryPostgres(postgresUrl);
  cleanups.push(() => temp.close());
  const name = (await temp.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
  const address = new URL(postgresUrl);
  address.pathname = `/${name}`;
  return { dir, url: address.toString(), db: temp, open: async () => temp };
}
