import type { z } from 'zod';

/** The methods the API answers under /prod-api. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route as the API registers it, `METHOD /path`, path parameters written `:name` as Fastify writes them. */
export type RouteKey = `${HttpMethod} /${string}`;

/**
 * What a route takes and gives, as the very schema objects the API registers for it; a test holds the two
 * together. Path parameters need no schema: the key names them and the browser sends them as text.
 */
export interface RouteSchemas {
  query?: z.ZodType;
  /** A JSON body, or the form-encoded fields of a download. */
  body?: z.ZodType;
  /** A multipart upload (FormData) instead of a JSON body. */
  multipart?: true;
  /** The success envelope; a route without one answers a file (exports and templates). */
  answer?: z.ZodType;
}

/** The routes of one context, keyed by `METHOD /path`. */
export type RouteContract = Record<RouteKey, RouteSchemas>;

/** Checks a context's routes against the shape of a contract while keeping each entry's own types. */
export function defineRoutes<const R extends { [K in keyof R]: K extends RouteKey ? RouteSchemas : never }>(
  routes: R,
): R {
  return routes;
}
