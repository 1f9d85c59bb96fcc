import type { FieldError } from '@hydrolog/schemas';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** Spec sections 7 and 8: prefix, 30 s timeout, bearer token, language header, envelope codes, errors shown 5 s. */
const PREFIX = '/prod-api';
const TIMEOUT_MS = 30_000;
export const ERROR_DISPLAY_MS = 5_000;

/** A request that failed; fieldErrors is set when the server refused the input (HTTP 400). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

function token(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith('Admin-Token='))
    ?.slice('Admin-Token='.length);
}

/** Null fields are dropped from request bodies (spec section 7). */
function withoutNulls(value: unknown): unknown {
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

function showError(message: string): never {
  notifications.show({ color: 'red', message, autoClose: ERROR_DISPLAY_MS });
  throw new RequestError(message);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Leave out the bearer token (login, captcha). */
  noToken?: boolean;
}

/** Calls the API and returns the whole envelope on code 200; anything else is shown and rejected. */
export async function request<T extends { code: number }>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const url = new URL(PREFIX + path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { 'Content-Language': i18next.language };
  const bearer = options.noToken ? undefined : token();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(withoutNulls(options.body)),
      signal: controller.signal,
    });
  } catch {
    return showError(i18next.t(controller.signal.aborted ? 'errors.timeout' : 'errors.network'));
  } finally {
    clearTimeout(timer);
  }

  const body = (await response.json().catch(() => null)) as
    | (T & { msg?: string; errors?: FieldError[] })
    | null;
  if (response.status === 400 && body?.errors) {
    // Field errors are shown under the fields by the form; no toast.
    throw new RequestError(body.msg ?? '', body.errors);
  }
  if (body && body.code === 200) return body;
  if (body?.msg) return showError(body.msg);
  const known = [401, 403, 404].includes(response.status);
  return showError(
    known
      ? i18next.t(`errors.${response.status}`)
      : i18next.t('errors.status', { status: String(response.status).slice(-3) }),
  );
}
