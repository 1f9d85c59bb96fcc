import {
  acceptsGatewayReadings,
  type GatewayReading,
  INGEST_CONTENT_TYPES,
  INGEST_MAX_READINGS,
  type IssueLike,
  type MessageKey,
  type ReadingBatch,
  readingBatchSchema,
} from '@hydrolog/schemas';
import { ArrowStreamError, openArrowStream } from './arrow.ts';

/**
 * The bodies of `POST /ingest/v1/readings`: a JSON batch, NDJSON (one reading a line) or an Arrow IPC
 * stream, each decoded to the same ReadingBatch and validated by readingBatchSchema, with issue paths
 * `['readings', index, field]` whatever the format.
 */

export { encodeReadingsArrow } from './arrow.ts';

export type IngestFormat = 'json' | 'ndjson' | 'arrow';

/** A request that cannot be taken as a whole: answered with `status` and the translated `key`; nothing is written. */
export class IngestRequestError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly issues: IssueLike[] = [],
  ) {
    super(params.detail === undefined ? key : `${key}: ${params.detail}`);
    this.name = 'IngestRequestError';
  }
}

/**
 * At most this many issues are reported: a 100,000-row batch of bad rows would otherwise produce several
 * issues per row, an error body of tens of megabytes that no gateway can use. The first ones show what
 * is wrong.
 */
export const MAX_REPORTED_ISSUES = 100;

const FORMATS = Object.entries(INGEST_CONTENT_TYPES) as [IngestFormat, string][];

/**
 * The format a Content-Type header names (the raw header: parameters and case are allowed). JSON and
 * NDJSON are UTF-8 (RFC 8259): a charset other than UTF-8 is refused rather than read wrongly.
 */
export function formatOf(contentType: string | undefined): IngestFormat {
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  const format = FORMATS.find(([, name]) => name === type)?.[0];
  if (format === undefined) throw new IngestRequestError(415, 'error.ingest.contentType');
  if (format !== 'arrow') {
    for (const parameter of parameters) {
      const [name = '', value = ''] = parameter.split('=');
      if (name.trim().toLowerCase() !== 'charset') continue;
      const charset = value
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
      if (charset !== 'utf-8' && charset !== 'utf8')
        throw new IngestRequestError(415, 'error.ingest.contentType');
    }
  }
  return format;
}

/**
 * Decodes and validates a request body. For NDJSON and Arrow the batch id is the Idempotency-Key header;
 * for JSON it is the body's `batchId`.
 */
export function decodeReadingBatch(
  format: IngestFormat,
  body: Uint8Array,
  idempotencyKey: string | undefined,
): ReadingBatch {
  switch (format) {
    case 'json':
      return decodeJson(body);
    case 'ndjson':
      return validate({ batchId: batchIdOf(idempotencyKey), readings: ndjsonReadings(body) });
    case 'arrow':
      return validate({ batchId: batchIdOf(idempotencyKey), readings: arrowReadings(body) });
  }
}

function malformed(detail: string): IngestRequestError {
  return new IngestRequestError(400, 'error.ingest.malformed', { detail });
}

function tooMany(): IngestRequestError {
  return new IngestRequestError(413, 'error.ingest.tooManyReadings', { max: INGEST_MAX_READINGS });
}

function batchIdOf(idempotencyKey: string | undefined): string {
  const key = idempotencyKey?.trim();
  if (!key || !readingBatchSchema.shape.batchId.safeParse(key).success) {
    throw new IngestRequestError(400, 'error.ingest.idempotencyKey');
  }
  return key;
}

/** Readings per slice of validate(). */
const SLICE = 1000;

/**
 * Validates with readingBatchSchema, in slices of SLICE readings, each checked as a batch of its own
 * with the same batch fields. The rules are the same as for the whole batch (every rule of
 * readingBatchSchema is about one reading or the batch's own fields; a rule across readings would have
 * to be checked on the whole batch), but a batch of bad rows stops at the first MAX_REPORTED_ISSUES
 * issues: zod builds every issue of a failed parse, and 100,000 bad readings take half a second of the
 * event loop as one parse against milliseconds for their first slice.
 */
function validate(batch: unknown): ReadingBatch {
  const readings = (batch as { readings?: unknown } | null)?.readings;
  // Readings the schema takes as they are (nearly every upload's) are not parsed: the batch's own fields
  // are, with its first reading.
  if (acceptsGatewayReadings(readings)) {
    const fields = readingBatchSchema.safeParse({ ...(batch as object), readings: readings.slice(0, 1) });
    if (fields.success) return { ...fields.data, readings };
  }
  if (!Array.isArray(readings) || readings.length <= SLICE || readings.length > INGEST_MAX_READINGS) {
    const result = readingBatchSchema.safeParse(batch);
    if (result.success) return result.data;
    throw invalid(result.error.issues.slice(0, MAX_REPORTED_ISSUES));
  }
  const valid = new Array<GatewayReading>(readings.length);
  const issues: IssueLike[] = [];
  let fields: ReadingBatch | undefined;
  for (let start = 0; start < readings.length && issues.length < MAX_REPORTED_ISSUES; start += SLICE) {
    const result = readingBatchSchema.safeParse({
      ...(batch as object),
      readings: readings.slice(start, start + SLICE),
    });
    if (result.success) {
      fields ??= result.data;
      for (let i = 0; i < result.data.readings.length; i++) valid[start + i] = result.data.readings[i]!;
      continue;
    }
    for (const issue of result.error.issues) {
      const [first, index, ...rest] = issue.path;
      if (first === 'readings' && typeof index === 'number') {
        issues.push({ ...issue, path: ['readings', start + index, ...rest] });
      } else if (start === 0) {
        issues.push(issue); // about the batch's own fields: reported by every slice, kept once
      }
    }
  }
  if (issues.length > 0 || fields === undefined) throw invalid(issues.slice(0, MAX_REPORTED_ISSUES));
  return { ...fields, readings: valid };
}

function invalid(issues: IssueLike[]): IngestRequestError {
  return new IngestRequestError(400, 'validation.failed', {}, issues);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function text(body: Uint8Array): string {
  try {
    return utf8.decode(body); // a leading byte order mark is dropped
  } catch {
    throw malformed('the body is not valid UTF-8');
  }
}

/**
 * The batch id is the body's `batchId`; an Idempotency-Key header is ignored, even when it differs: the id
 * in the body travels with the readings and comes back unchanged when the gateway resends the batch,
 * while a header may have been set by a proxy or an HTTP library. Only the body's id names the batch.
 */
function decodeJson(body: Uint8Array): ReadingBatch {
  const source = text(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw malformed((error as Error).message);
  }
  // Refused before the schema looks at each reading.
  const readings = (parsed as { readings?: unknown } | null)?.readings;
  if (Array.isArray(readings) && readings.length > INGEST_MAX_READINGS) throw tooMany();
  return validate(parsed);
}

/**
 * One reading a line; empty and blank lines (a trailing newline, `\r\n` endings) are skipped. A reading's
 * index counts readings only, while the line number in a parse error counts every line, as an editor does.
 */
function ndjsonReadings(body: Uint8Array): unknown[] {
  const lines = text(body).split('\n');
  let count = 0;
  for (const line of lines) if (!isBlank(line)) count++;
  if (count > INGEST_MAX_READINGS) throw tooMany();
  const readings = new Array<unknown>(count);
  let index = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlank(line)) continue;
    try {
      readings[index++] = JSON.parse(line);
    } catch (error) {
      throw malformed(`line ${i + 1}: ${(error as Error).message}`);
    }
  }
  return readings;
}

function isBlank(line: string): boolean {
  // Most lines start with '{'; only look further when the first character is whitespace.
  const first = line.charCodeAt(0);
  return line.length === 0 || ((first === 0x20 || first === 0x09 || first === 0x0d) && line.trim() === '');
}

function arrowReadings(body: Uint8Array): unknown[] {
  try {
    const stream = openArrowStream(body);
    // Counted from the batch headers, before any column is decoded.
    if (stream.rowCount > INGEST_MAX_READINGS) throw tooMany();
    return stream.readings();
  } catch (error) {
    if (error instanceof ArrowStreamError) throw malformed(error.message);
    throw error;
  }
}
