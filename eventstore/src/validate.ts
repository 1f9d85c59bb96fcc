import { type EventSchema, eventMetadataSchema, eventSchemaOf } from '@hydrolog/schemas';
import { InvalidEventError, type NewEvent } from './types.ts';

/** Refuses an event of an unknown type or whose data or metadata fail their schema; returns its schema version and the parsed data. */
export function validateEvent(event: NewEvent): { schemaVersion: number; data: unknown } {
  const schema = eventSchemaOf(event.type);
  if (!schema) throw new InvalidEventError(event.type, 'unknown event type');
  // Data the schema's cheap check accepts is what a parse would give back.
  const data = schema.accepts?.(event.data) ? event.data : parsedData(schema, event);
  const metadata = eventMetadataSchema.safeParse(event.metadata);
  if (!metadata.success) throw new InvalidEventError(event.type, `metadata: ${metadata.error.message}`);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(event.id)) {
    throw new InvalidEventError(event.type, `id ${event.id} is not a UUIDv7`);
  }
  return { schemaVersion: schema.schemaVersion, data };
}

function parsedData(schema: EventSchema, event: NewEvent): unknown {
  const data = schema.data.safeParse(event.data);
  if (!data.success) throw new InvalidEventError(event.type, data.error.message);
  return data.data;
}
