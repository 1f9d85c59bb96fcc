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

/** One event type: its current schema version and the zod schema of its data. */
export interface EventSchema<T extends z.ZodType = z.ZodType> {
  schemaVersion: number;
  data: T;
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
