import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { uuidv7 } from '@hydrolog/schemas';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandling } from './errors.ts';
import { failure } from './http.ts';
import { healthRoutes } from './routes/health.ts';
import { tenantRoutes } from './routes/tenants.ts';
import type { Services } from './services.ts';

export const API_PREFIX = '/prod-api';

export interface AppOptions {
  /** The built web app, served at `/` when the directory exists. */
  webDir?: string | undefined;
  logLevel?: string;
}

/** The Fastify app: /prod-api routes with the envelope of spec section 7, OpenAPI at /prod-api/docs, the web app at /. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    genReqId: () => uuidv7(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
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

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { services });
      await api.register(tenantRoutes, { services });
    },
    { prefix: API_PREFIX },
  );

  const webDir = options.webDir;
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDir, wildcard: false });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (history navigation) get the app; unknown API paths get the 404 envelope.
    if (hasWeb && request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(failure(request, 'http.404'));
  });
  return app;
}
