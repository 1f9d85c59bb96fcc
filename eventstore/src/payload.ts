import { COMPACT_READINGS_FIELDS, decodeReadingsField, encodeReadingsField } from '@hydrolog/schemas';

/** An event's data as the SQL log keeps it: JSON, and the readings it carries as a binary payload, if any. */
export interface StoredData {
  data: unknown;
  payload: Uint8Array | null;
}

/**
 * The readings of a readings event go to the payload in the compact layout, the rest of its data stays JSON,
 * which PostgreSQL checks character by character. Measured with uploads of ten readings a meter, each
 * meter's readings then one event: the log took 99 bytes a reading with its indexes instead of 133
 * (benchmarks/src/run.ts ingest), and an upload of 1,000 readings 1.36 ms to insert instead of 1.81
 * (benchmarks/src/ingest-profile.ts); with an upload's readings one event, 8 bytes a reading. Readings the
 * layout cannot give back as written stay in the JSON.
 */
export function storedData(type: string, data: unknown): StoredData {
  const field = COMPACT_READINGS_FIELDS.get(type);
  if (!field) return { data, payload: null };
  const { [field]: readings, ...rest } = data as Record<string, unknown>;
  const payload = encodeReadingsField(field, readings);
  return payload ? { data: rest, payload } : { data, payload: null };
}

/** The event's data as it was appended: the readings of the payload back in their place. */
export function appendedData({ data, payload }: StoredData): unknown {
  return payload ? { ...(data as object), ...decodeReadingsField(payload) } : data;
}
