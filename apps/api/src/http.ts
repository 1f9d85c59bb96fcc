import {
  DEFAULT_LANGUAGE,
  type FieldError,
  type Language,
  type MessageKey,
  ResponseCode,
  resolveLanguage,
  translate,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the Content-Language header the back office sends, else Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['content-language'] ?? request.headers['accept-language'];
  return header ? resolveLanguage(String(header)) : DEFAULT_LANGUAGE;
}

/** The caller's messages: a key (and its parameters) in the caller's language, for exports' headers and cells. */
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
  return { code, msg: translate(key, requestLanguage(request), params), key };
}

export function invalid(
  request: FastifyRequest,
  errors: FieldError[],
  key: MessageKey = 'validation.failed',
) {
  return { code: 400 as const, msg: translate(key, requestLanguage(request)), errors };
}
