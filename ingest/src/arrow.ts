import { type GatewayReading, READING_NUMBER_CHANNELS } from '@hydrolog/schemas';
import {
  type Data,
  DataType,
  Field,
  Float64,
  List,
  Message,
  makeData,
  makeVector,
  type Schema,
  Table,
  type Timestamp,
  TimestampMillisecond,
  TimeUnit,
  tableFromIPC,
  tableToIPC,
  Utf8,
  type Vector,
} from 'apache-arrow';

/**
 * Readings as an Apache Arrow IPC stream (`application/vnd.apache.arrow.stream`): one column per reading
 * field, named exactly like the field. Decoding reads whole columns (typed arrays and null bitmaps), not
 * row proxies, because this is the highest-volume path of the platform.
 */

/** The stream cannot be read as readings; the message is the English detail given to the gateway. */
export class ArrowStreamError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ArrowStreamError';
  }
}

type ColumnKind = 'meterNo' | 'timestamp' | 'number' | 'string' | 'stringList';

/**
 * The accepted columns and what each may hold. `satisfies` makes a field added to gatewayReadingSchema
 * fail the type check here until its column is described.
 */
const COLUMNS = {
  meterNo: 'meterNo',
  ts: 'timestamp',
  total: 'number',
  reverseTotal: 'number',
  flow: 'number',
  pressure: 'number',
  pressure2: 'number',
  battery: 'number',
  signal: 'number',
  valve: 'string',
  temperature: 'number',
  alarms: 'stringList',
} as const satisfies Record<keyof GatewayReading, ColumnKind>;
type ColumnName = keyof typeof COLUMNS;
/** Fields order: the decoded readings have their keys in this order. */
const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[];
const REQUIRED_COLUMNS: readonly ColumnName[] = ['meterNo', 'ts', 'total'];

/** A checked stream: its schema and row count are known before any column is decoded. */
export interface ArrowStream {
  /** Rows over all record batches, from the batches' headers. */
  readonly rowCount: number;
  /** The rows as plain objects (fields of null cells left out), for the zod schema to validate. */
  readings(): Record<string, unknown>[];
}

/**
 * Checks the framing of an IPC stream (every message complete, an end-of-stream marker, nothing after
 * it) and its columns, and counts its rows, without decoding any column.
 *
 * The end-of-stream marker is required although the IPC format lets a writer end a stream by closing it:
 * without it a body cut at a message boundary would decode as a shorter, valid batch and readings would
 * be lost silently. Every Arrow writer (arrow-js, pyarrow, arrow-rs, Go, Java, C++) writes it on close.
 */
export function openArrowStream(body: Uint8Array): ArrowStream {
  const { schema, rowCount } = scanStream(body);
  checkColumns(schema);
  return { rowCount, readings: () => readingsOf(decodeTable(body)) };
}

const CONTINUATION = -1;
const FILE_MAGIC = 'ARROW1';

function scanStream(body: Uint8Array): { schema: Schema; rowCount: number } {
  const length = body.byteLength;
  if (length === 0) throw new ArrowStreamError('empty Arrow stream');
  if (length >= 6 && String.fromCharCode(...body.subarray(0, 6)) === FILE_MAGIC) {
    throw new ArrowStreamError('this is the Arrow file format: send an Arrow IPC stream');
  }
  const view = new DataView(body.buffer, body.byteOffset, length);
  let schema: Schema | undefined;
  let rowCount = 0;
  let position = 0;
  for (;;) {
    const start = position;
    if (position + 4 > length) throw truncated(position);
    let metadataLength = view.getInt32(position, true);
    position += 4;
    // Since Arrow 0.15 a message starts with a continuation marker; older writers omit it.
    if (metadataLength === CONTINUATION) {
      if (position + 4 > length) throw truncated(position);
      metadataLength = view.getInt32(position, true);
      position += 4;
    }
    if (metadataLength === 0) break; // end-of-stream marker
    if (metadataLength < 0) throw new ArrowStreamError(`invalid Arrow message length at byte ${start}`);
    if (position + metadataLength > length) throw truncated(position);
    let message: Message;
    try {
      message = Message.decode(body.subarray(position, position + metadataLength));
    } catch {
      throw new ArrowStreamError(`invalid Arrow message at byte ${start}`);
    }
    position += metadataLength;
    const bodyLength = Number(message.bodyLength);
    if (!Number.isSafeInteger(bodyLength) || bodyLength < 0) {
      throw new ArrowStreamError(`invalid Arrow message at byte ${start}`);
    }
    if (position + bodyLength > length) throw truncated(position);
    position += bodyLength;
    if (schema === undefined) {
      if (!message.isSchema()) throw new ArrowStreamError('the Arrow stream does not start with a schema');
      schema = message.header();
    } else if (message.isRecordBatch()) {
      const header = message.header();
      if (header.compression) throw new ArrowStreamError('compressed Arrow record batches are not accepted');
      rowCount += header.length;
    } else if (message.isDictionaryBatch()) {
      if (message.header().data.compression) {
        throw new ArrowStreamError('compressed Arrow record batches are not accepted');
      }
    } else {
      throw new ArrowStreamError(`unexpected Arrow message at byte ${start}`);
    }
  }
  if (position !== length) {
    throw new ArrowStreamError(`${length - position} unexpected bytes after the end of the Arrow stream`);
  }
  if (schema === undefined) throw new ArrowStreamError('the Arrow stream has no schema');
  return { schema, rowCount };
}

function truncated(position: number): ArrowStreamError {
  return new ArrowStreamError(`truncated Arrow stream (it ends at byte ${position} inside a message)`);
}

function checkColumns(schema: Schema): void {
  const seen = new Set<string>();
  for (const field of schema.fields) {
    const name = field.name;
    if (!Object.hasOwn(COLUMNS, name)) throw new ArrowStreamError(`unknown column ${name}`);
    if (seen.has(name)) throw new ArrowStreamError(`duplicate column ${name}`);
    seen.add(name);
    const problem = typeProblem(COLUMNS[name as ColumnName], field.type);
    if (problem) throw new ArrowStreamError(`column ${name} must be ${problem}, not ${field.type}`);
  }
  for (const name of REQUIRED_COLUMNS) {
    if (!seen.has(name)) throw new ArrowStreamError(`missing column ${name}`);
  }
}

/** What the column must be, or undefined when its type is accepted. */
function typeProblem(kind: ColumnKind, type: DataType): string | undefined {
  switch (kind) {
    case 'meterNo':
      return isStringType(type) || DataType.isInt(type) ? undefined : 'a string or an integer';
    case 'timestamp':
      return DataType.isTimestamp(type) ? undefined : 'a timestamp';
    case 'number':
      return DataType.isInt(type) || DataType.isFloat(type) ? undefined : 'a number (int or float)';
    case 'string':
      return isStringType(type) ? undefined : 'a string';
    case 'stringList':
      return (DataType.isList(type) || DataType.isLargeList(type)) && isStringType(type.children[0]?.type)
        ? undefined
        : 'a list of strings';
  }
}

function isStringType(type: DataType | undefined): boolean {
  if (type === undefined) return false;
  if (DataType.isDictionary(type)) return isStringType(type.dictionary);
  return DataType.isUtf8(type) || DataType.isLargeUtf8(type) || DataType.isUtf8View(type);
}

function decodeTable(body: Uint8Array): Table {
  try {
    return tableFromIPC(body);
  } catch (error) {
    throw new ArrowStreamError(`invalid Arrow stream: ${(error as Error).message}`);
  }
}

// ---- columns ----

/** A numeric column: values and, when it has nulls, one byte per row (1 = present). */
interface NumberColumn {
  name: ColumnName;
  numbers: Float64Array;
  valid: Uint8Array | null;
}
/** Any other column, already converted to the JSON value of the field (null or undefined = absent). */
interface ValueColumn {
  name: ColumnName;
  values: unknown[];
}

function readingsOf(table: Table): Record<string, unknown>[] {
  const rows = table.numRows;
  // In COLUMN_NAMES order (meterNo, ts, total first), so that every reading has its keys in one order.
  const columns: (NumberColumn | ValueColumn)[] = [];
  for (const name of COLUMN_NAMES) {
    const column = table.getChild(name);
    if (column === null) continue;
    const chunks = column.data as Data[];
    for (const chunk of chunks) checkBuffers(name, chunk);
    switch (COLUMNS[name]) {
      case 'number':
        columns.push({ name, ...numbersOf(chunks, rows) });
        break;
      case 'timestamp':
        columns.push({ name, values: timestampsOf(chunks, rows) });
        break;
      case 'meterNo':
        columns.push({
          name,
          values: DataType.isInt(column.type)
            ? integersAsText(chunks, rows)
            : concat(chunks, rows, stringsOf),
        });
        break;
      case 'string':
        columns.push({ name, values: concat(chunks, rows, stringsOf) });
        break;
      case 'stringList':
        columns.push({ name, values: concat(chunks, rows, stringListsOf) });
        break;
    }
  }

  const readings = new Array<Record<string, unknown>>(rows);
  for (let i = 0; i < rows; i++) {
    const reading: Record<string, unknown> = {};
    for (const column of columns) {
      if ('numbers' in column) {
        if (column.valid === null || column.valid[i] === 1) reading[column.name] = column.numbers[i];
      } else {
        const value = column.values[i];
        if (value !== null && value !== undefined) reading[column.name] = value;
      }
    }
    readings[i] = reading;
  }
  return readings;
}

/**
 * apache-arrow trusts the buffer regions a record batch declares; a lying or damaged batch gives buffers
 * shorter than its length, which would read as missing or cut values instead of failing.
 */
function checkBuffers(name: string, data: Data): void {
  const short = () =>
    new ArrowStreamError(`invalid Arrow stream: column ${name} has buffers shorter than its length`);
  const { type, length } = data;
  if (data.nullCount > 0 && (data.nullBitmap?.length ?? 0) * 8 < data.offset + length) throw short();
  const variable = DataType.isUtf8(type) || DataType.isLargeUtf8(type);
  const list = DataType.isList(type) || DataType.isLargeList(type);
  if (variable || list) {
    const offsets = data.valueOffsets as ArrayLike<number | bigint> | undefined;
    if (length === 0) return;
    if (offsets === undefined || offsets.length < length + 1) throw short();
    const end = Number(offsets[length]);
    if (variable && end > (data.values?.length ?? 0)) throw short();
    if (list && (data.children[0] === undefined || end > data.children[0].length)) throw short();
  } else if (DataType.isInt(type) || DataType.isFloat(type) || DataType.isTimestamp(type)) {
    if ((data.values?.length ?? 0) < length) throw short();
  } else if (DataType.isDictionary(type)) {
    if ((data.values?.length ?? 0) < length) throw short();
    for (const chunk of (data.dictionary as Vector | undefined)?.data ?? []) checkBuffers(name, chunk);
  }
  for (const child of data.children) checkBuffers(name, child);
}

/** One byte per row (1 = valid), or null when the chunk has no nulls. */
function validity(data: Data): Uint8Array | null {
  if (data.nullCount === 0) return null;
  const valid = new Uint8Array(data.length);
  const bitmap = data.nullBitmap!;
  for (let i = 0, bit = data.offset; i < data.length; i++, bit++) {
    valid[i] = (bitmap[bit >> 3]! >> (bit & 7)) & 1;
  }
  return valid;
}

function numbersOf(chunks: Data[], rows: number): { numbers: Float64Array; valid: Uint8Array | null } {
  const numbers = new Float64Array(rows);
  let valid: Uint8Array | null = null;
  let at = 0;
  for (const data of chunks) {
    const values = data.values as ArrayLike<number | bigint>;
    if (values instanceof BigInt64Array || values instanceof BigUint64Array) {
      // Int64 / Uint64: read as two 32-bit halves instead of one bigint (a heap object) per value; the sum
      // rounds once, like Number(bigint), so a counter beyond 2^53 keeps its magnitude.
      const halves = new Uint32Array(values.buffer, values.byteOffset, data.length * 2);
      const signed = values instanceof BigInt64Array;
      for (let i = 0; i < data.length; i++) {
        const hi = halves[2 * i + 1]!;
        numbers[at + i] = (signed ? hi | 0 : hi) * TWO_32 + halves[2 * i]!;
      }
    } else if (DataType.isFloat(data.type) && data.type.precision === 0) {
      // Float16 is stored as raw 16-bit words; let apache-arrow widen it.
      const vector = makeVector(data);
      for (let i = 0; i < data.length; i++) numbers[at + i] = vector.get(i) ?? 0;
    } else {
      numbers.set((values as Float64Array).subarray(0, data.length), at);
    }
    const chunkValid = validity(data);
    if (chunkValid !== null) {
      valid ??= new Uint8Array(rows).fill(1);
      valid.set(chunkValid, at);
    }
    at += data.length;
  }
  return { numbers, valid };
}

/** The ISO form of an instant Date cannot hold; the schema refuses it as an invalid datetime. */
const OUT_OF_RANGE = 'out of range';
const MAX_DATE_MS = 8.64e15;
const TWO_32 = 2 ** 32;
/** Bound of the instants remembered while decoding one column. */
const KNOWN_INSTANTS = 65_536;
const UNITS_PER_MS: Record<TimeUnit, number> = {
  [TimeUnit.SECOND]: 1 / 1000,
  [TimeUnit.MILLISECOND]: 1,
  [TimeUnit.MICROSECOND]: 1000,
  [TimeUnit.NANOSECOND]: 1_000_000,
};

/**
 * Timestamps of any unit, read as UTC (a zone-less timestamp is taken as UTC) and given as ISO strings,
 * floored to the millisecond. The 64-bit values are read as two 32-bit halves rather than as bigints (a
 * heap object each). A nanosecond count exceeds 2^53, so a double cannot hold it (apache-arrow's own
 * `get()` rounds 0.999999 ms up into the next millisecond); it is divided in exact parts instead.
 */
function timestampsOf(chunks: Data[], rows: number): (string | undefined)[] {
  const out = new Array<string | undefined>(rows);
  let at = 0;
  // The readings of one upload share few instants (every meter read on the hour), and formatting one
  // costs about as much as all the rest of a row: format each instant once.
  const known = new Map<number, string>();
  for (const data of chunks) {
    const values = data.values as BigInt64Array;
    const halves = new Int32Array(values.buffer, values.byteOffset, data.length * 2);
    const perMs = UNITS_PER_MS[(data.type as Timestamp).unit];
    // With 2^32 = quotient * perMs + remainder, the value hi * 2^32 + lo is
    // hi * quotient * perMs + (hi * remainder + lo), and every term stays an exact integer below 2^53.
    const quotient = perMs >= 1 ? Math.floor(TWO_32 / perMs) : 0;
    const remainder = perMs >= 1 ? TWO_32 - quotient * perMs : 0;
    const valid = validity(data);
    for (let i = 0; i < data.length; i++) {
      if (valid !== null && valid[i] === 0) continue;
      const lo = halves[2 * i]! >>> 0; // little-endian, as Arrow IPC and every platform JavaScript runs on
      const hi = halves[2 * i + 1]!;
      const ms =
        perMs < 1 ? (hi * TWO_32 + lo) * 1000 : hi * quotient + Math.floor((hi * remainder + lo) / perMs);
      let iso = known.get(ms);
      if (iso === undefined) {
        iso = Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : OUT_OF_RANGE;
        if (known.size < KNOWN_INSTANTS) known.set(ms, iso);
      }
      out[at + i] = iso;
    }
    at += data.length;
  }
  return out;
}

/** An integer meter-number column as decimal strings (bigints stay exact). */
function integersAsText(chunks: Data[], rows: number): (string | undefined)[] {
  const out = new Array<string | undefined>(rows);
  let at = 0;
  for (const data of chunks) {
    const values = data.values as ArrayLike<number | bigint>;
    const valid = validity(data);
    for (let i = 0; i < data.length; i++) {
      if (valid === null || valid[i] === 1) out[at + i] = String(values[i]);
    }
    at += data.length;
  }
  return out;
}

function concat<T>(chunks: Data[], rows: number, read: (data: Data) => T[]): T[] {
  if (chunks.length === 1) return read(chunks[0]!);
  const out = new Array<T>(rows);
  let at = 0;
  for (const data of chunks) {
    const part = read(data);
    for (let i = 0; i < part.length; i++) out[at + i] = part[i]!;
    at += part.length;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ArrowStreamError('invalid Arrow stream: a string column is not valid UTF-8');
  }
}

/** A string column (Utf8, LargeUtf8, Utf8View or a dictionary of them); null for null cells. */
function stringsOf(data: Data): (string | null)[] {
  const out = new Array<string | null>(data.length);
  if (DataType.isDictionary(data.type)) {
    const dictionary = dictionaryStrings(data.dictionary as Vector);
    const indices = data.values as ArrayLike<number | bigint>;
    const valid = validity(data);
    for (let i = 0; i < data.length; i++) {
      if (valid !== null && valid[i] === 0) out[i] = null;
      else {
        const value = dictionary[Number(indices[i])];
        if (value === undefined)
          throw new ArrowStreamError('invalid Arrow stream: dictionary index out of range');
        out[i] = value;
      }
    }
    return out;
  }
  if (!DataType.isUtf8(data.type) && !DataType.isLargeUtf8(data.type)) {
    // Utf8View: rare enough for apache-arrow's own accessor.
    const vector = makeVector(data);
    for (let i = 0; i < data.length; i++) out[i] = vector.get(i) as string | null;
    return out;
  }
  const offsets = data.valueOffsets as ArrayLike<number | bigint>;
  const bytes = data.values as Uint8Array;
  const valid = validity(data);
  const first = Number(offsets[0]);
  const last = Number(offsets[data.length]);
  const all = bytes.subarray(first, last);
  let ascii = 0;
  for (let i = 0; i < all.length; i++) ascii |= all[i]!;
  if (ascii < 0x80) {
    // ASCII (meter numbers, valve states, alarm codes): one decode, then slices by byte offset.
    const text = decodeUtf8(all);
    for (let i = 0; i < data.length; i++) {
      out[i] =
        valid !== null && valid[i] === 0
          ? null
          : text.slice(Number(offsets[i]) - first, Number(offsets[i + 1]) - first);
    }
  } else {
    for (let i = 0; i < data.length; i++) {
      out[i] =
        valid !== null && valid[i] === 0
          ? null
          : decodeUtf8(bytes.subarray(Number(offsets[i]), Number(offsets[i + 1])));
    }
  }
  return out;
}

/** The batches of a stream share their dictionary: decode it once. */
const dictionaries = new WeakMap<Vector, (string | null)[]>();

function dictionaryStrings(dictionary: Vector): (string | null)[] {
  let strings = dictionaries.get(dictionary);
  if (strings === undefined) {
    strings = dictionary.data.flatMap((chunk: Data) => stringsOf(chunk));
    dictionaries.set(dictionary, strings);
  }
  return strings;
}

/** A list-of-strings column; a null item stays null so that the schema points at it. */
function stringListsOf(data: Data): ((string | null)[] | null)[] {
  const out = new Array<(string | null)[] | null>(data.length);
  const offsets = data.valueOffsets as ArrayLike<number | bigint>;
  const child = data.children[0]!;
  const items = stringsOf(child);
  const valid = validity(data);
  for (let i = 0; i < data.length; i++) {
    out[i] =
      valid !== null && valid[i] === 0 ? null : items.slice(Number(offsets[i]), Number(offsets[i + 1]));
  }
  return out;
}

// ---- encoding ----

/**
 * For gateways, tests, simulator and benchmarks: readings as an Arrow IPC stream. meterNo is Utf8, ts a
 * UTC millisecond timestamp, the channels Float64, valve Utf8 and alarms List<Utf8>; an optional column is
 * written only when some reading has that field. Decoding gives the readings back with `ts` as
 * `Date#toISOString()` (an instant with an offset comes back in UTC; digits below the millisecond are lost).
 * Columns are assembled from typed arrays: apache-arrow's value-by-value builders take several times longer.
 */
export function encodeReadingsArrow(readings: readonly GatewayReading[]): Uint8Array {
  const rows = readings.length;
  const columns: Record<string, Vector> = {};
  columns.meterNo = makeVector(utf8Data(readings.map((r) => r.meterNo)));
  const ts = new BigInt64Array(rows);
  // Readings share few instants (every meter read on the hour): each is parsed once.
  const instants = new Map<string, bigint>();
  for (let i = 0; i < rows; i++) {
    const text = readings[i]!.ts;
    let ms = instants.get(text);
    if (ms === undefined) {
      const parsed = Date.parse(text);
      if (Number.isNaN(parsed)) throw new RangeError(`reading ${i}: ts ${text} is not a date`);
      ms = BigInt(parsed);
      instants.set(text, ms);
    }
    ts[i] = ms;
  }
  columns.ts = makeVector({ type: new TimestampMillisecond('UTC'), data: ts, length: rows, nullCount: 0 });
  for (const name of READING_NUMBER_CHANNELS) {
    if (name !== 'total' && !readings.some((r) => r[name] !== undefined)) continue;
    const data = new Float64Array(rows);
    const present = new Bitmap(rows);
    for (let i = 0; i < rows; i++) {
      const value = readings[i]![name];
      if (value !== undefined) {
        data[i] = value;
        present.set(i);
      }
    }
    columns[name] = makeVector({ type: new Float64(), data, length: rows, ...present.props() });
  }
  if (readings.some((r) => r.valve !== undefined)) {
    columns.valve = makeVector(utf8Data(readings.map((r) => r.valve)));
  }
  if (readings.some((r) => r.alarms !== undefined)) {
    const valueOffsets = new Int32Array(rows + 1);
    const present = new Bitmap(rows);
    const codes: string[] = [];
    for (let i = 0; i < rows; i++) {
      const alarms = readings[i]!.alarms;
      if (alarms !== undefined) {
        present.set(i);
        for (const code of alarms) codes.push(code);
      }
      valueOffsets[i + 1] = codes.length;
    }
    const type = new List(new Field('item', new Utf8(), false));
    columns.alarms = makeVector(
      makeData({ type, length: rows, valueOffsets, child: utf8Data(codes), ...present.props() }),
    );
  }
  return tableToIPC(new Table(columns), 'stream');
}

/** A validity bitmap being filled; no bitmap at all when every value is present. */
class Bitmap {
  private readonly bits: Uint8Array;
  private present = 0;
  constructor(private readonly length: number) {
    this.bits = new Uint8Array((length + 7) >> 3);
  }
  set(index: number): void {
    this.bits[index >> 3] = this.bits[index >> 3]! | (1 << (index & 7));
    this.present++;
  }
  props(): { nullCount: number; nullBitmap?: Uint8Array } {
    const nullCount = this.length - this.present;
    return nullCount === 0 ? { nullCount } : { nullCount, nullBitmap: this.bits };
  }
}

const textEncoder = new TextEncoder();

function utf8Data(values: readonly (string | undefined)[]): Data<Utf8> {
  const length = values.length;
  const valueOffsets = new Int32Array(length + 1);
  const present = new Bitmap(length);
  let bytes = new Uint8Array(length * 12 + 16);
  let end = 0;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (value !== undefined) {
      present.set(i);
      // At most 3 bytes of UTF-8 per UTF-16 unit.
      if (end + value.length * 3 > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, end + value.length * 3));
        grown.set(bytes.subarray(0, end));
        bytes = grown;
      }
      end += textEncoder.encodeInto(value, bytes.subarray(end)).written;
    }
    valueOffsets[i + 1] = end;
  }
  return makeData({
    type: new Utf8(),
    length,
    valueOffsets,
    data: bytes.subarray(0, end),
    ...present.props(),
  });
}
