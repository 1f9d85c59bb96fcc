import { API_PREFIX, type FieldError } from '@hydrolog/schemas';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import i18next, { type ParseKeys } from 'i18next';
import { alertDialog } from '../lib/dialogs.ts';
import { getToken, removeToken } from '../lib/token.ts';

/** Spec sections 7, 8 and 9: prefix, 30 s timeout, bearer token, language header, envelope codes, errors shown 5 s. */
const TIMEOUT_MS = 30_000;
export const ERROR_DISPLAY_MS = 5_000;
/** The session must end (revoked, user disabled, tenant suspended, password changed elsewhere). */
export const SESSION_ENDED = 100102000002;
/** Envelope codes with a fixed message (the code table of section 8); others show the server's message. */
const CODE_MESSAGES: Record<number, ParseKeys> = { 401: 'http.401', 403: 'http.403', 404: 'http.404' };

/** A request that failed and has been shown to the user; fieldErrors is set for refused input (HTTP 400). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly code?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Null fields are dropped from request bodies (spec section 7). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

export function showError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: ERROR_DISPLAY_MS });
}

function fail(message: string, quiet = false): never {
  if (!quiet) showError(message);
  throw new RequestError(message);
}

let sessionEndShown = false;
/** Code 100102000002: one warning dialog with the server's message, then local logout and a reload. */
async function endSession(message: string): Promise<void> {
  if (sessionEndShown) return;
  sessionEndShown = true;
  await alertDialog({ title: i18next.t('session.endedTitle'), message, color: 'orange' });
  removeToken();
  window.location.reload();
}

type QueryValue = string | number | boolean | undefined;
/** A query; an object value (a list's `params` time range) travels as `name[key]=value`, as the API reads it. */
export type Query = Record<string, QueryValue | Record<string, QueryValue>>;

/** Writes a query into a URL's search parameters, empty values left out. */
export function setQuery(url: URL, query: Query): void {
  for (const [k, v] of Object.entries(query)) {
    if (v !== null && typeof v === 'object') {
      for (const [inner, value] of Object.entries(v))
        if (value !== undefined && value !== '') url.searchParams.set(`${k}[${inner}]`, String(value));
    } else if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON (nulls dropped), or FormData for multipart uploads. */
  body?: unknown;
  /** Leave out the bearer token (login, captcha, public key). */
  noToken?: boolean;
  /** Reject without showing anything (logging out of a session that may already be over). */
  quiet?: boolean;
}

/** The headers of every call: the user's language and, unless left out, the bearer token. */
function commonHeaders(noToken = false): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Language': i18next.language };
  const bearer = noToken ? undefined : getToken();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return headers;
}

/** fetch with the common headers and the timeout; network failure and timeout are shown and rejected. */
async function send(path: string, options: RequestOptions, contentType?: string, payload?: BodyInit) {
  const url = new URL(API_PREFIX + path, window.location.origin);
  setQuery(url, options.query ?? {});
  const headers = commonHeaders(options.noToken);
  if (contentType) headers['Content-Type'] = contentType;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: payload,
      signal: controller.signal,
    });
  } catch {
    return fail(i18next.t(controller.signal.aborted ? 'errors.timeout' : 'errors.network'), options.quiet);
  } finally {
    clearTimeout(timer);
  }
}

export type Envelope = { code: number; msg?: string; errors?: FieldError[] };
type Translate = (key: ParseKeys, params?: Record<string, string>) => string;

export type Failure =
  | { kind: 'fields'; message: string; errors: FieldError[] }
  | { kind: 'sessionEnded'; message: string; code: number }
  | { kind: 'error'; message: string; code: number };

/**
 * Spec section 8 response handling as a pure function of a non-200 answer: refused input goes back to
 * the form; code 100102000002 ends the session; code 500 shows the server's message; other codes the
 * code table's, else the server's, else the default; no envelope at all: the HTTP status.
 */
export function classifyFailure(status: number, body: Envelope | null, t: Translate): Failure {
  if (status === 400 && body?.errors) return { kind: 'fields', message: body.msg ?? '', errors: body.errors };
  if (body && typeof body.code === 'number') {
    const message = body.msg || t('errors.unknown');
    if (body.code === SESSION_ENDED) return { kind: 'sessionEnded', message, code: body.code };
    const fixed = body.code === 500 ? undefined : CODE_MESSAGES[body.code];
    return { kind: 'error', message: fixed ? t(fixed) : message, code: body.code };
  }
  const fixed = CODE_MESSAGES[status];
  const message = fixed ? t(fixed) : t('errors.status', { status: String(status).slice(-3) });
  return { kind: 'error', message, code: status };
}

/** Acts on a non-200 answer: shows it (or ends the session) unless quiet, and rejects. */
function refuse(response: Response, body: Envelope | null, quiet = false): never {
  const failure = classifyFailure(response.status, body, (key, params) => i18next.t(key, params));
  // Field errors are shown under the fields by the form; no toast.
  if (failure.kind === 'fields') throw new RequestError(failure.message, failure.errors, 400);
  if (!quiet) {
    if (failure.kind === 'sessionEnded') void endSession(failure.message);
    else showError(failure.message);
  }
  throw new RequestError(failure.message, [], failure.code);
}

/** Calls the API and returns the whole envelope on code 200; anything else is shown and rejected. */
export async function request<T extends { code: number }>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body: payload } = options;
  const json = payload !== undefined && !(payload instanceof FormData);
  const response = await send(
    path,
    options,
    json ? 'application/json' : undefined,
    json ? JSON.stringify(withoutNulls(payload)) : (payload as FormData | undefined),
  );
  const body = (await response.json().catch(() => null)) as (T & Envelope) | null;
  if (response.ok && body?.code === 200) return body;
  return refuse(response, body, options.quiet);
}

/**
 * Follows a server-sent event stream (read with fetch, so the bearer token travels), without the timeout of
 * other calls: gives each event's data as parsed JSON until the server ends the stream or `signal` aborts.
 * Rejects without showing anything when it cannot be opened (with the HTTP status as code): the caller
 * knows whether and when to try again.
 */
export async function followEvents(
  path: string,
  onData: (data: unknown) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(new URL(API_PREFIX + path, window.location.origin), {
    headers: commonHeaders(),
    signal,
  });
  if (!response.ok || !response.body)
    throw new RequestError(i18next.t('errors.network'), [], response.status);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += value;
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const data = text
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      if (data) onData(JSON.parse(data.slice('data: '.length)));
      text = text.slice(end + 2);
    }
  }
}

/** The multipart body of an upload: the one file, in the field the route names. */
export function fileForm(file: File, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}

/**
 * A multipart upload of one file (field `file`) that reports how much is sent (XMLHttpRequest: fetch has no
 * upload progress), without the timeout of other calls (a large file takes its time); answered as request.
 */
export function upload<T>(
  path: string,
  file: File,
  query: Query,
  onProgress: (sent: number) => void,
): Promise<T> {
  const url = new URL(API_PREFIX + path, window.location.origin);
  setQuery(url, query);
  const form = fileForm(file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(commonHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => {
      showError(i18next.t('errors.network'));
      reject(new RequestError(i18next.t('errors.network')));
    };
    xhr.onload = () => {
      let body: (Envelope & { data: T }) | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope & { data: T };
      } catch {
        // no envelope: the status tells
      }
      if (xhr.status === 200 && body?.code === 200) resolve(body.data);
      else {
        try {
          refuse(new Response(null, { status: xhr.status }), body);
        } catch (error) {
          reject(error);
        }
      }
    };
    xhr.send(form);
  });
}

/** The `data` of a code-200 envelope. */
export async function requestData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<{ code: number; data: T }>(path, options)).data;
}

/** Saves a blob as a file through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** An answer that should be a file but is an envelope is an error to show. */
async function saveOrRefuse(response: Response, fileName: string): Promise<void> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const body = (await response.json().catch(() => null)) as Envelope | null;
    return refuse(response, body);
  }
  saveBlob(await response.blob(), fileName);
}

/** The name an export is saved under: `<name>_<timestamp>.xlsx`. */
export const exportName = (name: string) => `${name}_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`;

/** Spec section 7 download helper: POST form-encoded parameters, blob answer, saved as `fileName`. */
export async function download(
  path: string,
  params: Query,
  fileName: string,
  query: Query = {},
): Promise<void> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) form.set(k, String(v));
  const response = await send(
    path,
    { method: 'POST', query },
    'application/x-www-form-urlencoded',
    form.toString(),
  );
  await saveOrRefuse(response, fileName);
}
