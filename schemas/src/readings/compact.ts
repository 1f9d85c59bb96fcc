import { remembered } from '../accept.ts';
import type { ingestEventSchemas, MeterReadings, StoredReading } from './ingest.ts';

/**
 * Readings as the log stores them: columns of binary numbers instead of JSON text, which PostgreSQL would
 * check character by character on the way in and Node parse on the way out. Little-endian:
 *   u8 layout version; u32 count n; u16 mask of the number channels any reading has;
 *   n float64 times (epoch ms);
 *   per channel in the mask, in READING_NUMBER_CHANNELS order: a presence bitmap of ceil(n / 8) bytes, then one
 *   float64 per reading that has it;
 *   u32 length, then UTF-8 JSON of [index, fields] for the readings with text fields (valve, alarms,
 *   counterBreak), rare enough to stay JSON.
 * An upload's readings by meter (layout 2) are the meters first, then their readings one after the other
 * in layout 1:
 *   u8 layout version; u32 meter count m; per meter its id (16 bytes) and u32 count of readings;
 *   the readings of all the meters, in their order, in layout 1.
 * Decoding gives back readings equal to those encoded. A reading whose time is not written the way
 * Date#toISOString writes it, or a meter id not written in lower case, could not be given back as written:
 * such readings are not encoded (null).
 */
const LAYOUT_VERSION = 1;
const METERS_LAYOUT_VERSION = 2;
/** Layout version, meter count. */
const METERS_HEADER_BYTES = 1 + 4;
/** A meter's id and count of readings. */
const METER_BYTES = 16 + 4;
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Layout version, count, channel mask. */
const HEADER_BYTES = 1 + 4 + 2;
/** The channels of a reading that are numbers, in the order the layout writes them. */
export const READING_NUMBER_CHANNELS = [
  'total',
  'reverseTotal',
  'flow',
  'pressure',
  'pressure2',
  'battery',
  'signal',
  'temperature',
] as const satisfies readonly (keyof StoredReading)[];
const NUMBER_CHANNEL: ReadonlySet<string> = new Set(READING_NUMBER_CHANNELS);

/** The epoch ms of a time written as Date#toISOString writes it; NaN for any other writing. */
const canonicalTime = remembered((ts: string) => {
  const t = Date.parse(ts);
  return Number.isFinite(t) && new Date(t).toISOString() === ts ? t : Number.NaN;
});
const timeText = remembered((t: number) => new Date(t).toISOString());

/** The readings in the compact layout, or null when one of their times is not written as the layout gives it back. */
export function encodeReadings(readings: readonly StoredReading[]): Uint8Array | null {
  const n = readings.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = canonicalTime(readings[i]!.ts);
    if (Number.isNaN(t)) return null;
    times[i] = t;
  }
  const counts = READING_NUMBER_CHANNELS.map((channel) => {
    let count = 0;
    for (const reading of readings) if (reading[channel] !== undefined) count++;
    return count;
  });
  const mask = counts.reduce((bits, count, c) => (count > 0 ? bits | (1 << c) : bits), 0);
  // Every other field is text, so that a field added to StoredReading is kept without a change here.
  const texts: [number, Record<string, unknown>][] = [];
  readings.forEach((reading, i) => {
    let fields: Record<string, unknown> | null = null;
    for (const key in reading) {
      const value = reading[key as keyof StoredReading];
      if (key === 'ts' || NUMBER_CHANNEL.has(key) || value === undefined) continue;
      fields ??= {};
      fields[key] = value;
    }
    if (fields) texts.push([i, fields]);
  });
  const textBytes = texts.length > 0 ? new TextEncoder().encode(JSON.stringify(texts)) : new Uint8Array();
  const bitmapBytes = Math.ceil(n / 8);
  const channelBytes = counts.reduce((sum, count) => sum + (count > 0 ? bitmapBytes + 8 * count : 0), 0);
  const bytes = new Uint8Array(HEADER_BYTES + 8 * n + channelBytes + 4 + textBytes.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, LAYOUT_VERSION);
  view.setUint32(1, n, true);
  view.setUint16(5, mask, true);
  let at = HEADER_BYTES;
  for (let i = 0; i < n; i++, at += 8) view.setFloat64(at, times[i]!, true);
  READING_NUMBER_CHANNELS.forEach((channel, c) => {
    if (counts[c] === 0) return;
    const bitmap = at;
    at += bitmapBytes;
    for (let i = 0; i < n; i++) {
      const value = readings[i]![channel];
      if (value === undefined) continue;
      bytes[bitmap + (i >> 3)]! |= 1 << (i & 7);
      view.setFloat64(at, value, true);
      at += 8;
    }
  });
  view.setUint32(at, textBytes.length, true);
  bytes.set(textBytes, at + 4);
  return bytes;
}

/** The readings of a payload in the compact layout, equal to those encoded. */
export function decodeReadings(payload: Uint8Array): StoredReading[] {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const version = view.getUint8(0);
  if (version !== LAYOUT_VERSION)
    throw new Error(`readings payload of layout ${version}, not ${LAYOUT_VERSION}`);
  const n = view.getUint32(1, true);
  const mask = view.getUint16(5, true);
  const readings: StoredReading[] = [];
  let at = HEADER_BYTES;
  for (let i = 0; i < n; i++, at += 8)
    readings.push({ ts: timeText(view.getFloat64(at, true)) } as StoredReading);
  const bitmapBytes = Math.ceil(n / 8);
  READING_NUMBER_CHANNELS.forEach((channel, c) => {
    if ((mask & (1 << c)) === 0) return;
    const bitmap = at;
    at += bitmapBytes;
    for (let i = 0; i < n; i++) {
      if ((payload[bitmap + (i >> 3)]! & (1 << (i & 7))) === 0) continue;
      readings[i]![channel] = view.getFloat64(at, true);
      at += 8;
    }
  });
  const textLength = view.getUint32(at, true);
  if (textLength > 0) {
    const text = new TextDecoder().decode(payload.subarray(at + 4, at + 4 + textLength));
    const texts = JSON.parse(text) as [number, Partial<StoredReading>][];
    for (const [i, fields] of texts) Object.assign(readings[i]!, fields);
  }
  return readings;
}

/** An upload's readings by meter in the compact layout, or null when one of them could not be given back as written. */
export function encodeMeterReadings(meters: readonly MeterReadings[]): Uint8Array | null {
  if (!meters.every((m) => CANONICAL_UUID.test(m.meterId))) return null;
  const readings = encodeReadings(meters.flatMap((m) => m.readings));
  if (!readings) return null;
  const header = METERS_HEADER_BYTES + METER_BYTES * meters.length;
  const bytes = new Uint8Array(header + readings.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, METERS_LAYOUT_VERSION);
  view.setUint32(1, meters.length, true);
  meters.forEach((meter, i) => {
    const at = METERS_HEADER_BYTES + METER_BYTES * i;
    const hex = meter.meterId.replaceAll('-', '');
    for (let b = 0; b < 16; b++) bytes[at + b] = Number.parseInt(hex.slice(2 * b, 2 * b + 2), 16);
    view.setUint32(at + 16, meter.readings.length, true);
  });
  bytes.set(readings, header);
  return bytes;
}

/** The readings by meter of a payload in layout 2, equal to those encoded. */
function decodeMeterReadings(payload: Uint8Array): MeterReadings[] {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const count = view.getUint32(1, true);
  const header = METERS_HEADER_BYTES + METER_BYTES * count;
  const readings = decodeReadings(payload.subarray(header));
  const meters: MeterReadings[] = [];
  let from = 0;
  for (let i = 0; i < count; i++) {
    const at = METERS_HEADER_BYTES + METER_BYTES * i;
    let hex = '';
    for (let b = 0; b < 16; b++) hex += payload[at + b]!.toString(16).padStart(2, '0');
    const meterId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const to = from + view.getUint32(at + 16, true);
    meters.push({ meterId, readings: readings.slice(from, to) });
    from = to;
  }
  return meters;
}

/**
 * The field of each event whose readings the log stores in the compact layout (the events that carry
 * readings by the thousand): an upload's readings by meter, or one meter's readings.
 */
export const COMPACT_READINGS_FIELDS: ReadonlyMap<string, 'meters' | 'readings'> = new Map<
  keyof typeof ingestEventSchemas,
  'meters' | 'readings'
>([
  ['ReadingsReported', 'meters'],
  ['ReadingsImported', 'readings'],
]);

/** The field's value in the compact layout, or null when it could not be given back as written. */
export function encodeReadingsField(field: 'meters' | 'readings', value: unknown): Uint8Array | null {
  return field === 'meters'
    ? encodeMeterReadings(value as MeterReadings[])
    : encodeReadings(value as StoredReading[]);
}

/** The field a payload in the compact layout holds, named, whichever layout it was written in. */
export function decodeReadingsField(
  payload: Uint8Array,
): { meters: MeterReadings[] } | { readings: StoredReading[] } {
  return payload[0] === METERS_LAYOUT_VERSION
    ? { meters: decodeMeterReadings(payload) }
    : { readings: decodeReadings(payload) };
}
