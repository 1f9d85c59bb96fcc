import { mkdirSync } from 'node:fs';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { KafkaDelivery, type KafkaSettings, ReadingIngest, startKafkaConsumer } from '@hydrolog/ingest';
import { API_PREFIX, IMAGE_MAX_BYTES, type MapProvider, uuidv7 } from '@hydrolog/schemas';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { CaptchaStore } from './auth/captcha.ts';
import { PasswordCipher } from './auth/crypto.ts';
import { type ApiRoute, registerGuard } from './auth/guard.ts';
import { Identity } from './auth/identity.ts';
import {
  billRoutes,
  deductionRoutes,
  priceSchemeRoutes,
  startBillRunJob,
  startDeductionJob,
  surchargeRoutes,
} from './billing/index.ts';
import { analysisRoutes, cascadeRoutes, startCascadeAlarmJob } from './cascade/index.ts';
import {
  DEFAULT_INGEST_SETTINGS,
  type IngestSettings,
  type LoginLimits,
  type MqttSettings,
} from './config.ts';
import { customerRoutes } from './customers/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import {
  concentratorRoutes,
  deviceRoutes,
  deviceScreenRoutes,
  flowMeterRoutes,
  pressureMeterRoutes,
  startPressureAlarmJob,
} from './devices/index.ts';
import { registerErrorHandling } from './errors.ts';
import { failure, parseQuery } from './http.ts';
import {
  authRoutes,
  departmentRoutes,
  menuRoutes,
  messageRoutes,
  permsByMenu,
  profileRoutes,
  roleRoutes,
  userRoutes,
} from './identity/index.ts';
import { CommandDispatch } from './ingest/dispatch.ts';
import { type GatewayMqtt, startMqtt } from './ingest/mqtt.ts';
import { INGEST_PREFIX, ingestRoutes } from './ingest/routes.ts';
import {
  gatewayRoutes,
  meterCommandRoutes,
  meterGroupRoutes,
  meterMoveRoutes,
  meterReplacementRoutes,
  meterRoutes,
  valveRoutes,
} from './meters/index.ts';
import { registerOperationLog } from './operation-log.ts';
import {
  alarmRuleRoutes,
  manualReadingRoutes,
  meterAlarmRoutes,
  readingPlanRoutes,
  startMeterAlarmJob,
  startSystemAlarmJob,
  workOrderRoutes,
} from './operations/index.ts';
import { agentRoutes, recordRoutes, registrationRoutes, tenantRoutes } from './platform/index.ts';
import { readingRoutes } from './readings/index.ts';
import type { Services } from './services.ts';
import { type MessageProvider, messageProvider } from './sms.ts';
import { auditRoutes, dictTypeRoutes, healthRoutes, noticeRoutes, systemRoutes } from './system/index.ts';
import { moveUntenantedUploads, registerUploads } from './uploads.ts';
import { registerWebApp } from './web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /prod-api route with its access rule. */
    apiRoutes: ApiRoute[];
    /** Downlink commands (tools and tests sweep timeouts through it). */
    commandDispatch: CommandDispatch;
    /** MQTT for gateways (null: off). */
    gatewayMqtt: GatewayMqtt | null;
  }
}

export interface AppOptions {
  /** The built web app, served at `/` when the directory exists. */
  webDir?: string | undefined;
  logLevel?: string;
  /** Uploaded files (avatars, logos, attachments), served at /uploads/. */
  uploadsDir: string;
  /** The key browsers encrypt passwords with; a fresh one when absent. */
  cipher?: PasswordCipher;
  captchas?: CaptchaStore;
  ingest?: IngestSettings;
  /** Login attempts a minute (the service passes its configuration; absent: no limit, as in tests). */
  loginLimits?: LoginLimits;
  /** Kafka between ingest and the log; absent: batches are appended directly. */
  kafka?: KafkaSettings | undefined;
  /** MQTT for gateways: the embedded broker or an external one (absent: none, as in most tests). */
  mqtt?: MqttSettings | undefined;
  /** Times out unanswered downlink commands every so many ms (off when absent: tests sweep by hand). */
  commandSweepMs?: number;
  /** Evaluates cascade alarms every so many ms (off when absent: tests evaluate by hand). */
  cascadeAlarmMs?: number;
  /** Evaluates meter alarms every so many ms (off when absent: tests evaluate by hand). */
  meterAlarmMs?: number;
  /** Runs the bills of periods that ended every so many ms (off when absent: tests run bills by hand). */
  billRunMs?: number;
  /** How often pressure readings are checked against their meters' limits (none: not checked). */
  pressureAlarmMs?: number;
  /** Evaluates system alarms (gateways offline, the readings backlog) every so many ms (off when absent). */
  systemAlarmMs?: number;
  /** Runs the prepaid deduction every so many ms (off when absent: tests run it by hand). */
  deductionMs?: number;
  /** How often a followed device screen's map is looked at for changes (default 5 s). */
  screenLookMs?: number;
  /** Delivers one-time codes (default: the outbox). */
  messages?: MessageProvider;
  /** The clock of codes, logins and dashboards (tests move it instead of waiting). */
  now?: () => Date;
  /** The basemaps maps draw (absent: none); the browser may fetch their tiles. */
  mapProviders?: MapProvider[];
}

/** The Fastify app: /prod-api routes with the envelope of spec section 7, OpenAPI at /prod-api/docs, the web app at /. */
export async function buildApp(services: Services, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      // Paths only: a query string may carry encrypted passwords (PUT /system/user/profile/updatePwd), and a
      // ciphertext logs in as well as the password does.
      serializers: {
        req: (request: { method: string; url: string; id: string }) => ({
          method: request.method,
          url: request.url.split('?')[0],
          id: request.id,
        }),
      },
    },
    genReqId: () => uuidv7(),
    requestIdHeader: false,
    // The embedded database's synchronous queries share the one thread: on a busy restart a plugin (the web
    // app's files) can take longer than Fastify's default 10 s to load, which must slow the start, not end
    // the service.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    // Batch routes take comma-separated ids in the path (`DELETE /system/config/{ids}`).
    routerOptions: { maxParamLength: 4000, querystringParser: parseQuery },
    // Errors raised before a route is found get the envelope too, and never echo the request back.
    frameworkErrors: (_error, request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send(failure(request as FastifyRequest, 'validation.invalidValue', {}, 400));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Downloads are posted as forms (spec section 7's download helper).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
  });
  // The web app loads only its own scripts (no inline ones); Mantine sets inline styles, the captcha is a
  // data: image; maps fetch tiles from their configured providers; no page may frame it.
  const mapProviders = options.mapProviders ?? [];
  const tileOrigins = [...new Set(mapProviders.map((p) => new URL(p.tiles).origin))];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...tileOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Hydrolog API',
        description: 'Back office and operator API of Hydrolog',
        version: '0.1.0',
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  // Limits are set where they apply (login), none globally.
  await app.register(fastifyRateLimit, { global: false });
  // One file per request, at most the image limit plus a byte (so that an oversize file is detected).
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  const now = options.now ?? (() => new Date());
  const identity = new Identity(
    services,
    options.cipher ?? PasswordCipher.generate(),
    options.captchas ?? new CaptchaStore(),
    now,
  );
  const messages = options.messages ?? messageProvider(services.store, undefined, now);
  mkdirSync(options.uploadsDir, { recursive: true });
  await moveUntenantedUploads(services, options.uploadsDir);
  const ingestSettings = options.ingest ?? DEFAULT_INGEST_SETTINGS;
  const dispatch = new CommandDispatch(services);
  if (options.commandSweepMs) dispatch.startSweeper(options.commandSweepMs);
  // The periodic jobs start once every plugin has loaded: their first rounds would otherwise share the one
  // thread with the embedded database while the app still loads.
  const jobs: (() => () => void)[] = [];
  const { cascadeAlarmMs, meterAlarmMs, pressureAlarmMs, billRunMs, systemAlarmMs, deductionMs } = options;
  if (cascadeAlarmMs) jobs.push(() => startCascadeAlarmJob(services, cascadeAlarmMs));
  if (meterAlarmMs) jobs.push(() => startMeterAlarmJob(services, meterAlarmMs, { messages, log: app.log }));
  if (pressureAlarmMs) jobs.push(() => startPressureAlarmJob(services, pressureAlarmMs));
  if (billRunMs) jobs.push(() => startBillRunJob(services, billRunMs));
  if (systemAlarmMs) jobs.push(() => startSystemAlarmJob(services, systemAlarmMs, ingestSettings.maxBacklog));
  if (deductionMs) jobs.push(() => startDeductionJob(services, dispatch, deductionMs));
  const stopJobs: (() => void)[] = [];
  app.addHook('onReady', async () => {
    for (const start of jobs) stopJobs.push(start());
  });
  app.addHook('onClose', async () => {
    for (const stop of stopJobs) stop();
  });
  app.addHook('onClose', async () => dispatch.stop());
  app.decorate('commandDispatch', dispatch);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(
    async (api) => {
      registerGuard(api, services, apiRoutes, permsByMenu);
      // API answers are one user's data (or a token): no cache keeps them, unless a route says otherwise.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      registerOperationLog(api, services);
      await api.register(healthRoutes, { services });
      await api.register(authRoutes, { identity, loginLimits: options.loginLimits });
      await api.register(profileRoutes, { identity, uploadsDir: options.uploadsDir, mapProviders });
      await api.register(userRoutes, { identity });
      await api.register(departmentRoutes, { identity });
      await api.register(roleRoutes, { identity });
      await api.register(auditRoutes, { identity });
      await api.register(systemRoutes, { identity });
      await api.register(tenantRoutes, { services, uploadsDir: options.uploadsDir });
      await api.register(gatewayRoutes, { services });
      await api.register(meterCommandRoutes, { services, dispatch });
      await api.register(meterReplacementRoutes, { services });
      await api.register(meterMoveRoutes, { services });
      await api.register(meterRoutes, { services });
      await api.register(meterGroupRoutes, { services });
      await api.register(valveRoutes, { services });
      await api.register(readingRoutes, { services });
      await api.register(cascadeRoutes, { services });
      await api.register(analysisRoutes, { services });
      await api.register(customerRoutes, { services, dispatch, uploadsDir: options.uploadsDir });
      await api.register(priceSchemeRoutes, { services });
      await api.register(deductionRoutes, { services, dispatch });
      await api.register(meterAlarmRoutes, { services });
      await api.register(alarmRuleRoutes, { services });
      await api.register(workOrderRoutes, { services, uploadsDir: options.uploadsDir });
      await api.register(surchargeRoutes, { services });
      await api.register(billRoutes, { services });
      await api.register(concentratorRoutes, { services });
      await api.register(flowMeterRoutes, { services });
      await api.register(deviceRoutes, { services });
      await api.register(deviceScreenRoutes, { services, screenLookMs: options.screenLookMs });
      await api.register(pressureMeterRoutes, { services });
      await api.register(manualReadingRoutes, { services, uploadsDir: options.uploadsDir });
      await api.register(readingPlanRoutes, { services });
      await api.register(messageRoutes, { identity, messages });
      await api.register(registrationRoutes, { identity });
      await api.register(dashboardRoutes, { services, now });
      await api.register(menuRoutes, { identity });
      await api.register(noticeRoutes, { identity });
      await api.register(dictTypeRoutes, { identity });
      await api.register(recordRoutes, { identity });
      await api.register(agentRoutes, { identity });
    },
    { prefix: API_PREFIX },
  );
  const kafka = options.kafka
    ? {
        delivery: await KafkaDelivery.connect(options.kafka),
        consumer: await startKafkaConsumer(options.kafka, services.store),
      }
    : null;
  if (kafka) {
    app.addHook('onClose', async () => {
      await kafka.consumer.disconnect();
      await kafka.delivery.close();
    });
  }
  const receiver = {
    services,
    ingest: new ReadingIngest(
      services.db,
      services.store,
      { horizonDays: ingestSettings.horizonDays },
      kafka?.delivery,
    ),
    maxBacklog: ingestSettings.maxBacklog,
  };
  await app.register(ingestRoutes, { prefix: INGEST_PREFIX, ...receiver, dispatch });
  const mqtt = options.mqtt ? await startMqtt(options.mqtt, receiver, dispatch, app.log) : null;
  app.decorate('gatewayMqtt', mqtt);
  if (mqtt) app.addHook('onClose', async () => mqtt.close());
  registerUploads(app, services, options.uploadsDir);

  await registerWebApp(app, {
    webDir: options.webDir,
    reservedPrefixes: [`${API_PREFIX}/`, `${INGEST_PREFIX}/`, '/uploads/'],
    notFound: (request, reply) => reply.status(404).send(failure(request, 'http.404')),
  });
  return app;
}
