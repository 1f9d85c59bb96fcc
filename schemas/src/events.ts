import { z } from 'zod';
import { billingEventSchemas } from './billing/index.ts';
import { cascadeEventSchemas } from './cascade/index.ts';
import { customerEventSchemas } from './customers/index.ts';
import {
  deviceEventSchemas,
  flowMeterEventSchemas,
  pressureAlarmEventSchemas,
  pressureMeterEventSchemas,
} from './devices/index.ts';
import { identityEventSchemas, organisationEventSchemas } from './identity/index.ts';
import { meterEventSchemas, meterMoveEventSchemas, meterReplacementEventSchemas } from './meters/index.ts';
import {
  manualReadingEventSchemas,
  operationsEventSchemas,
  readingPlanEventSchemas,
  workOrderEventSchemas,
} from './operations/index.ts';
import { platformEventSchemas, registrationEventSchemas, tenantEventSchemas } from './platform/index.ts';
import { ingestEventSchemas } from './readings/index.ts';
import { adminEventSchemas, auditEventSchemas } from './system/index.ts';

/** Who caused an event and in answer to what; stored with every event. */
export const eventMetadataSchema = z.object({
  tenantId: z.uuid(),
  userId: z.string().min(1).optional(),
  correlationId: z.uuid(),
  causationId: z.uuid().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/**
 * One event type: its current schema version, the zod schema of its data, and, once the version has moved,
 * how the data of an event stored at an older version reads at the current one (the log is never rewritten).
 */
export interface EventSchema<T extends z.ZodType = z.ZodType> {
  schemaVersion: number;
  data: T;
  /** For events of bulk data: a check passing only data that `data` takes unchanged, cheaper than a parse (see accept.ts). */
  accepts?: (data: unknown) => boolean;
  upcast?: (data: unknown, schemaVersion: number) => unknown;
}

/**
 * Every event type the log accepts. An event whose type is not here, or whose data fails its schema, is refused.
 * It gathers the maps of every context, so it stays at the root and no context imports it (no cycle).
 */
export const eventSchemas = {
  ...tenantEventSchemas,
  ...identityEventSchemas,
  ...organisationEventSchemas,
  ...auditEventSchemas,
  ...meterEventSchemas,
  ...meterReplacementEventSchemas,
  ...meterMoveEventSchemas,
  ...ingestEventSchemas,
  ...cascadeEventSchemas,
  ...customerEventSchemas,
  ...registrationEventSchemas,
  ...adminEventSchemas,
  ...platformEventSchemas,
  ...billingEventSchemas,
  ...operationsEventSchemas,
  ...workOrderEventSchemas,
  ...manualReadingEventSchemas,
  ...flowMeterEventSchemas,
  ...deviceEventSchemas,
  ...pressureMeterEventSchemas,
  ...pressureAlarmEventSchemas,
  ...readingPlanEventSchemas,
} satisfies Record<string, EventSchema>;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]['data']>;

/** A typed event of the catalogue, before it is stored. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** The schema of an event type, or undefined for a type the log does not know. */
export function eventSchemaOf(type: string): EventSchema | undefined {
  return (eventSchemas as Record<string, EventSchema>)[type];
}

/** An event's data as its current schema version has it, whatever version it was stored at. */
export function currentEventData(
  type: string,
  schemaVersion: number,
  data: unknown,
): { schemaVersion: number; data: unknown } {
  const schema = eventSchemaOf(type);
  if (!schema?.upcast || schemaVersion >= schema.schemaVersion) return { schemaVersion, data };
  return { schemaVersion: schema.schemaVersion, data: schema.upcast(data, schemaVersion) };
}
