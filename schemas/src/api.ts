import { z } from 'zod';

/** Where the back office's API is served: every route of the contracts lies under it. */
export const API_PREFIX = '/prod-api';

/** Response codes of spec section 8. */
export const ResponseCode = {
  success: 200,
  failure: 500,
  forceLogout: 100102000002,
} as const;

/** `{code, msg, data}`: the envelope of every answer under /prod-api. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

/**
 * `{code, msg, data, ...fields}`: an envelope that also carries some fields beside `data`, where RuoYi's
 * client reads them (`user`, `roles`, `permissions` of getInfo, `imgUrl` of the avatar upload, ...).
 */
export function envelopeWithSchema<T extends z.ZodType, F extends z.ZodRawShape>(data: T, fields: F) {
  return envelopeSchema(data).extend(fields);
}

/** `{code, msg, total, rows}`: the envelope of every list. */
export function listEnvelopeSchema<T extends z.ZodType>(row: T) {
  return z.object({ code: z.number(), msg: z.string(), total: z.number().int(), rows: z.array(row) });
}

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.invalidValue' })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const pagedQueries = new WeakMap<z.ZodObject, z.ZodObject>();
/**
 * The query of a server-paged list: its filter and the page. Made once per filter, so the API route and the
 * browser's route contract name the same schema object.
 */
export function pagedQuerySchema<T extends z.ZodObject>(filter: T) {
  const made = pagedQueries.get(filter) ?? pageQuerySchema.extend(filter.shape);
  pagedQueries.set(filter, made);
  return made as ReturnType<typeof pageQuerySchema.extend<T['shape']>>;
}

/** The sort directions of a list, as the back office names them (RuoYi's `isAsc`). */
export const SORT_DIRECTIONS = ['ascending', 'descending'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The sort of a list (RuoYi's `orderByColumn` and `isAsc`; ascending when only the column is given). Each
 * list query extends it with its own whitelist of column ids, so no free text ever reaches the SQL.
 * Without a column the list keeps its own order.
 */
export function sortQuerySchema<const C extends readonly [string, ...string[]]>(columns: C) {
  return z.object({
    orderByColumn: z.enum(columns, 'validation.sortColumn').optional(),
    isAsc: z.enum(SORT_DIRECTIONS, 'validation.invalidValue').optional(),
  });
}
/** A local date (the whole day) or a timestamp (ISO 8601), bounding a time range. */
export const rangeBoundSchema = z.iso.datetime({ offset: true }).or(z.iso.date());

/** A time range, both ends included; a date alone bounds the whole day. */
export const timeRangeSchema = z.object({
  beginTime: rangeBoundSchema.optional(),
  endTime: rangeBoundSchema.optional(),
});
export type TimeRange = z.infer<typeof timeRangeSchema>;

/**
 * The query rule of every list with a create time and sortable columns: its sort (see `sortQuerySchema`)
 * and the range of its create time as RuoYi clients send it, `params[beginTime]` and `params[endTime]`.
 */
export function listQuerySchema<const C extends readonly [string, ...string[]]>(columns: C) {
  return sortQuerySchema(columns).extend({ params: timeRangeSchema.optional() });
}

/** The sort of a list query; `C` is the list's whitelist of column ids. */
export interface ListSort<C extends string = string> {
  orderByColumn?: C | undefined;
  isAsc?: SortDirection | undefined;
}

/** A field error as the API reports it: the path of the field and a message in the caller's language. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** A business failure: HTTP 200 with code 500, the translated message and its stable key. */
export const failureEnvelopeSchema = z.object({ code: z.number(), msg: z.string(), key: z.string() });

/** Bad input: HTTP 400 with a message and an error per field. */
export const invalidEnvelopeSchema = z.object({
  code: z.literal(400),
  msg: z.string(),
  errors: z.array(fieldErrorSchema),
});

/** The answers every /prod-api route can give, for its OpenAPI description and its serializer. */
export function apiResponses<T extends z.ZodType>(success: T) {
  return {
    200: z.union([success, failureEnvelopeSchema]),
    400: invalidEnvelopeSchema,
    401: failureEnvelopeSchema,
    403: failureEnvelopeSchema,
    500: failureEnvelopeSchema,
  };
}

/** The `{ids}` of a batch route: UUIDs separated by commas. */
export const idListSchema = z.string().regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i, 'validation.invalidFormat');

/** The success of a route that carries no data. */
export const noDataEnvelopeSchema = envelopeSchema(z.null());

/** The answers of a route whose success carries no data. */
export const noDataResponses = apiResponses(noDataEnvelopeSchema);
