import type { apiRoutes } from '@hydrolog/schemas';
import type { z } from 'zod';
import {
  download as downloadForm,
  type Query,
  type RequestOptions,
  request,
  upload as uploadFile,
} from './request.ts';

/**
 * The API as the browser calls it: a route is named by its contract key (`GET /system/menu/:menuId`), and its
 * path parameters, query, body and answer are typed from the zod schemas the API registers for it.
 */
type Routes = typeof apiRoutes;
export type ApiRoute = keyof Routes & string;

type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [N in Name]: string } & PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? { [N in Name]: string }
    : unknown;

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** A body is only read: readonly arrays and objects go as they are. */
type ReadOnly<T> = T extends readonly (infer E)[]
  ? readonly ReadOnly<E>[]
  : T extends object
    ? { readonly [P in keyof T]: ReadOnly<T[P]> }
    : T;

/** What a call of route K sends: its path parameters, query and body, and how it is made. */
export type ApiArgs<K extends ApiRoute> = (PathParams<K> extends Record<string, string>
  ? { params: PathParams<K> }
  : unknown) &
  (Routes[K] extends { query: infer Q } ? { query: Input<Q> } : unknown) &
  (Routes[K] extends { body: infer B } ? { body: ReadOnly<Input<B>> } : unknown) &
  (Routes[K] extends { multipart: true } ? { body: FormData } : unknown) &
  Pick<RequestOptions, 'noToken' | 'quiet'>;

/** The success envelope of route K. */
export type ApiAnswer<K extends ApiRoute> = Routes[K] extends { answer: infer A extends z.ZodType }
  ? z.output<A>
  : never;

type Rest<K extends ApiRoute> = object extends ApiArgs<K> ? [args?: ApiArgs<K>] : [args: ApiArgs<K>];

/** Routes whose answer is an envelope with `data`, and routes that answer a file. */
type DataRoute = { [K in ApiRoute]: ApiAnswer<K> extends { data: unknown } ? K : never }[ApiRoute];
type FileRoute = { [K in ApiRoute]: Routes[K] extends { answer: z.ZodType } ? never : K }[ApiRoute];

interface LooseArgs {
  params?: Record<string, string>;
  query?: unknown;
  body?: unknown;
  noToken?: boolean;
  quiet?: boolean;
}

/** The method of a key, and its path with the parameters written in. */
function target(key: string, params: Record<string, string> = {}) {
  const [method, pattern] = key.split(' ') as [RequestOptions['method'], string];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return { method, path };
}

/** The whole success envelope of a call (lists, and answers with fields beside `data`). */
function call<K extends ApiRoute>(key: K, ...[args]: Rest<K>): Promise<ApiAnswer<K>> {
  const { params, query, body, noToken, quiet } = (args ?? {}) as LooseArgs;
  const { method, path } = target(key, params);
  return request<ApiAnswer<K> & { code: number }>(path, {
    method,
    query: query as Query | undefined,
    body,
    noToken,
    quiet,
  });
}

/** The `data` of a call's success envelope. */
async function data<K extends DataRoute>(
  key: K,
  ...args: Rest<K>
): Promise<ApiAnswer<K> extends { data: infer D } ? D : never> {
  return ((await call(key, ...args)) as { data: ApiAnswer<K> extends { data: infer D } ? D : never }).data;
}

/** A file answer (an export or a template), saved as `fileName`; the body travels as a form. */
function download<K extends FileRoute>(key: K, fileName: string, ...[args]: Rest<K>): Promise<void> {
  const { params, query, body } = (args ?? {}) as LooseArgs;
  return downloadForm(target(key, params).path, (body ?? {}) as Query, fileName, query as Query | undefined);
}

/** A multipart upload of one file (field `file`) with its progress; answered as `data`. */
function upload<K extends DataRoute>(
  key: K,
  file: File,
  query: Routes[K] extends { query: infer Q } ? Input<Q> : Record<string, never>,
  onProgress: (sent: number) => void,
): Promise<ApiAnswer<K> extends { data: infer D } ? D : never> {
  return uploadFile(target(key).path, file, query as Query, onProgress);
}

export const api = { call, data, download, upload };
