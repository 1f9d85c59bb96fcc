import { parse } from 'node:querystring';
import {
  DEFAULT_LANGUAGE,
  type FieldError,
  type Language,
  type MessageKey,
  ResponseCode,
  resolveLanguage,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the Content-Language header the back office sends, else Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['content-language'] ?? request.headers['accept-language'];
  return header ? resolveLanguage(String(header)) : DEFAULT_LANGUAGE;
}

/** The caller's messages: a key (and its parameters) in the caller's language, for exports' headers and cells. */
/** The ids of a comma-separated list in a path (`1,2,3`), each once. */
export const distinctIds = (list: string) => [...new Set(list.split(','))];

export function translator(request: FastifyRequest) {
  const language = requestLanguage(request);
  return (key: MessageKey, params?: Record<string, string | number>) => translate(key, language, params);
}

export function ok<T>(request: FastifyRequest, data: T) {
  return { code: ResponseCode.success, msg: translate('ok', requestLanguage(request)), data };
}

/** `ok` with fields beside `data`, where RuoYi's client reads them (see `envelopeWithSchema`). */
export function okWith<T, F extends Record<string, unknown>>(request: FastifyRequest, data: T, fields: F) {
  return { ...fields, ...ok(request, data) };
}

export function okList<T>(request: FastifyRequest, page: { total: number; rows: T[] }) {
  return { code: ResponseCode.success, msg: translate('ok', requestLanguage(request)), ...page };
}

export function failure(
  request: FastifyRequest,
  key: MessageKey,
  params: Record<string, string | number> = {},
  code: number = ResponseCode.failure,
) {
  return failureIn(requestLanguage(request), key, params, code);
}

/** `failure` in a language known without a request (answers over MQTT). */
export function failureIn(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
  code: number = ResponseCode.failure,
) {
  return { code, msg: translate(key, language, params), key };
}

export function invalid(
  request: FastifyRequest,
  errors: FieldError[],
  key: MessageKey = 'validation.failed',
) {
  return invalidIn(requestLanguage(request), errors, key);
}

/** `invalid` in a language known without a request (answers over MQTT). */
export function invalidIn(language: Language, errors: FieldError[], key: MessageKey = 'validation.failed') {
  return { code: 400 as const, msg: translate(key, language), errors };
}

/**
 * Query strings as RuoYi clients write them: an object parameter travels as `name[key]=value`
 * (`params[beginTime]=2025-01-01`) and arrives here as `name: { key: value }`; other keys as they are.
 */
export function parseQuery(text: string): Record<string, unknown> {
  const query: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(parse(text))) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (!nested) {
      query[key] = value;
      continue;
    }
    const [, name, inner] = nested as unknown as [string, string, string];
    const current = query[name];
    const target: Record<string, unknown> =
      current && typeof current === 'object' && !Array.isArray(current) ? current : Object.create(null);
    target[inner] = value;
    query[name] = target;
  }
  return query;
}
