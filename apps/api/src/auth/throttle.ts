import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginLimits } from '../config.ts';
import { failure } from '../http.ts';

const MINUTE_MS = 60_000;

/**
 * The onRequest check of POST /auth/login: at most `perAddress` attempts a minute from one address and
 * `total` from all together (a spread guess over many user names), else 429 with Retry-After, before the
 * body is read. Needs @fastify/rate-limit registered; no limits: no check.
 */
export function loginThrottle(app: FastifyInstance, limits: LoginLimits | undefined) {
  const checks = [
    limits?.perAddress &&
      app.createRateLimit({
        max: limits.perAddress,
        timeWindow: MINUTE_MS,
        keyGenerator: (request) => `login:${request.ip}`,
      }),
    limits?.total &&
      app.createRateLimit({ max: limits.total, timeWindow: MINUTE_MS, keyGenerator: () => 'login:all' }),
  ].filter((check) => typeof check === 'function');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = result.ttlInSeconds;
        return reply
          .status(429)
          .header('retry-after', String(seconds))
          .send(failure(request, 'error.login.tooMany', { count: seconds }, 429));
      }
    }
  };
}
