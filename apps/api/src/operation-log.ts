import { type BusinessType, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { record } from './commands.ts';
import type { Services } from './services.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The business type the operation log files a command under, when the method does not say it. */
    audit?: BusinessType;
    /** A POST that only reads (a list with a body filter): not a command, not logged, allowed read-only. */
    reads?: true;
  }
}

const BY_METHOD: Record<string, BusinessType> = { POST: '1', PUT: '2', DELETE: '3' };
/** Never in the log, whatever route they come to. */
const SECRET = /^(password|oldPassword|newPassword|confirmPassword|code|uuid|secret|token|access_token)$/i;
const MAX_PARAM = 2000;

/** Whether a request changes something: what a read-only (ended trial) tenant may not do. Exports read. */
export function isCommand(request: FastifyRequest): boolean {
  const { audit, reads } = request.routeOptions.config;
  return request.method !== 'GET' && !reads && audit !== '5';
}

/** The request's parameters (path, query and body) for the log, secrets masked, cut to the column's size. */
export function maskedParameters(request: FastifyRequest): string {
  const mask = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mask);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '******' : mask(v)]),
      );
    }
    return value;
  };
  const body = request.isMultipart() ? { file: '(upload)' } : request.body;
  // The path's parameters too: they name the record acted on (the URL logged is the route's pattern).
  const parameters = { ...(request.params as object), ...(request.query as object), ...(body as object) };
  const text = JSON.stringify(mask(parameters)) ?? '{}';
  return text.length > MAX_PARAM ? `${text.slice(0, MAX_PARAM - 1)}…` : text;
}

/**
 * The operation log: every command (POST, PUT, DELETE) of a signed-in user through the API is an event,
 * recorded before the answer leaves, with its outcome. Recording never changes the answer.
 */
export function registerOperationLog(api: FastifyInstance, services: Services): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const caller = request.caller;
    const { audit, reads } = request.routeOptions.config;
    const businessType = audit ?? BY_METHOD[request.method];
    if (!caller || !businessType || reads) return payload;
    let code = reply.statusCode;
    let message: string | null = null;
    if (typeof payload === 'string') {
      try {
        const body = JSON.parse(payload) as { code?: unknown; msg?: unknown };
        if (typeof body.code === 'number') code = body.code;
        if (typeof body.msg === 'string') message = body.msg;
      } catch {
        // not JSON: the status code says it
      }
    }
    const failed = code !== 200;
    const operUrl = (request.routeOptions.url ?? request.url.split('?')[0]!).slice(0, 300);
    try {
      await record(
        services.store,
        `operlog-${caller.tenantId}`,
        {
          type: 'OperationLogged',
          data: {
            operId: uuidv7(),
            // What the route does; the log's module comes from the URL when it is projected.
            title: (request.routeOptions.schema?.summary ?? operUrl).slice(0, 100),
            businessType,
            requestMethod: request.method,
            operName: caller.userName,
            deptName: caller.deptName,
            operUrl,
            operIp: request.ip.slice(0, 64),
            operParam: maskedParameters(request),
            status: failed ? '1' : '0',
            errorMsg: failed ? (message ?? String(code)).slice(0, 500) : null,
            costTime: Math.round(reply.elapsedTime),
            operTime: new Date().toISOString(),
          },
        },
        { tenantId: caller.tenantId, userId: caller.userId, correlationId: request.id },
      );
    } catch (error) {
      request.log.error({ err: error }, 'the operation log could not record a command');
    }
    return payload;
  });
}
