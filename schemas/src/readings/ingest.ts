import { z } from 'zod';
import {
  type Accepts,
  arrayOf,
  finiteNumber,
  nonnegativeNumber,
  objectOf,
  stringPassing,
} from '../accept.ts';
import { meterNoSchema, valveStateSchema } from '../meters/index.ts';

/**
 * The gateway protocol (`/ingest/v1`): the readings meter gateways and concentrators upload, and the events
 * they become. A stable contract: fields are only ever added, as optional. The downlink commands of the same
 * protocol belong to the meters they act on.
 */

/** At most this many readings, or this many bytes, per request (413 beyond). */
export const INGEST_MAX_READINGS = 100_000;
export const INGEST_MAX_BYTES = 16 * 1024 * 1024;
/** A reading stamped further ahead than this is refused (the gateway's clock is wrong). */
export const INGEST_FUTURE_TOLERANCE_MINUTES = 10;
/** Default of HYDROLOG_INGEST_HORIZON_DAYS: readings older than this are refused. */
export const DEFAULT_INGEST_HORIZON_DAYS = 400;

export const INGEST_CONTENT_TYPES = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  arrow: 'application/vnd.apache.arrow.stream',
} as const;

const alarmCodeSchema = z.string().min(1).max(32);
const MAX_ALARMS = 16;

/** The measured channels of one reading; total and reverseTotal are cumulative counters in m3. */
const channels = {
  total: z.number().nonnegative(),
  reverseTotal: z.number().nonnegative().optional(),
  /** m3/h */
  flow: z.number().optional(),
  /** MPa */
  pressure: z.number().optional(),
  /** MPa, a second pressure point (flow meters report two: pressure 1 above and pressure 2) */
  pressure2: z.number().optional(),
  /** V */
  battery: z.number().nonnegative().optional(),
  signal: z.number().optional(),
  valve: valveStateSchema.optional(),
  /** degrees Celsius */
  temperature: z.number().optional(),
  /** alarm codes (the meter_alarm_type dictionary) */
  alarms: z.array(alarmCodeSchema).max(MAX_ALARMS).optional(),
};

/** The channels' cheap checks (see accept.ts): a value one passes, its channel takes unchanged. */
const channelsAccept = {
  total: nonnegativeNumber,
  reverseTotal: nonnegativeNumber,
  flow: finiteNumber,
  pressure: finiteNumber,
  pressure2: finiteNumber,
  battery: nonnegativeNumber,
  signal: finiteNumber,
  valve: stringPassing(valveStateSchema),
  temperature: finiteNumber,
  alarms: arrayOf(stringPassing(alarmCodeSchema), 0, MAX_ALARMS),
} satisfies Record<keyof typeof channels, Accepts>;

const gatewayTimeSchema = z.iso.datetime({ offset: true });

/** One reading as a gateway sends it. Unknown fields are refused, so a misspelt channel is not silently lost. */
export const gatewayReadingSchema = z.strictObject({
  meterNo: meterNoSchema,
  ts: gatewayTimeSchema,
  ...channels,
});
export type GatewayReading = z.infer<typeof gatewayReadingSchema>;

/** Whether gatewayReadingSchema takes a reading as it is, without a parse (see accept.ts). */
export const acceptsGatewayReading = objectOf(
  { meterNo: stringPassing(meterNoSchema), ts: stringPassing(gatewayTimeSchema), ...channelsAccept },
  ['meterNo', 'ts', 'total'],
);

export const readingBatchSchema = z.strictObject({
  batchId: z.uuid(),
  readings: z.array(gatewayReadingSchema).min(1).max(INGEST_MAX_READINGS),
});
export type ReadingBatch = z.infer<typeof readingBatchSchema>;

/** Whether readingBatchSchema takes a batch's readings as they are, without a parse (see accept.ts). */
export const acceptsGatewayReadings = arrayOf(acceptsGatewayReading, 1, INGEST_MAX_READINGS) as (
  value: unknown,
) => value is GatewayReading[];

/** Why one reading of a batch was refused; the same reason for a meter that does not exist and one of another tenant. */
export const readingRejectReasonSchema = z.enum(['unknownMeter', 'tsInFuture', 'tsTooOld']);
export type ReadingRejectReason = z.infer<typeof readingRejectReasonSchema>;

export const readingRejectionSchema = z.object({
  index: z.number().int().nonnegative(),
  meterNo: z.string(),
  reason: readingRejectReasonSchema,
});

/** The 202 answer; the same batch id sent again gets it again. */
export const ingestAnswerSchema = z.object({
  accepted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  rejected: z.array(readingRejectionSchema),
  /** The log position of the batch's last event: the readings are durable up to here. */
  position: z.string(),
});
export type IngestAnswer = z.infer<typeof ingestAnswerSchema>;

const storedTimeSchema = z.iso.datetime();
const counterBreakSchema = z.enum(['before', 'after']);

/**
 * A stored reading: UTC timestamp, no meter number (the event names the meter). A history imported as
 * volumes per interval marks where its counter does not continue (`counterBreak`, domain/src/readings/volumes.ts): the
 * volume between this reading and the one before ('before') or after ('after') is not known.
 */
export const storedReadingSchema = z.object({
  ts: storedTimeSchema,
  ...channels,
  counterBreak: counterBreakSchema.optional(),
});
export type StoredReading = z.infer<typeof storedReadingSchema>;

/** One meter's readings in an upload. */
export const meterReadingsSchema = z.object({
  meterId: z.uuid(),
  readings: z.array(storedReadingSchema).min(1),
});
export type MeterReadings = z.infer<typeof meterReadingsSchema>;

const acceptsUuid = stringPassing(z.uuid());
const acceptsStoredReadings = arrayOf(
  objectOf(
    {
      ts: stringPassing(storedTimeSchema),
      ...channelsAccept,
      counterBreak: stringPassing(counterBreakSchema),
    },
    ['ts', 'total'],
  ),
  1,
);
/** Whether meterReadingsSchema takes one meter's readings as they are, without a parse (see accept.ts). */
const acceptsMeterReadings = objectOf({ meterId: acceptsUuid, readings: acceptsStoredReadings }, [
  'meterId',
  'readings',
]);

/** ReadingsReported as version 1 stored it: one meter's readings. */
interface ReadingsReportedV1 extends MeterReadings {
  batchId: string;
  gatewayId: string;
}

export const ingestEventSchemas = {
  /** First event of a batch's stream: the answer the gateway got, kept so that a resend gets it again. */
  ReadingBatchReceived: {
    schemaVersion: 1,
    data: z.object({
      batchId: z.uuid(),
      gatewayId: z.uuid(),
      receivedAt: z.iso.datetime(),
      accepted: z.number().int().nonnegative(),
      duplicates: z.number().int().nonnegative(),
      rejected: z.array(readingRejectionSchema),
    }),
  },
  /**
   * The accepted readings of one upload (DESIGN principle 3), by meter. Version 1 was one event per meter of
   * an upload; its events read as version 2 with that one meter.
   */
  ReadingsReported: {
    schemaVersion: 2,
    data: z.object({
      batchId: z.uuid(),
      gatewayId: z.uuid(),
      meters: z.array(meterReadingsSchema).min(1),
    }),
    accepts: objectOf(
      { batchId: acceptsUuid, gatewayId: acceptsUuid, meters: arrayOf(acceptsMeterReadings, 1) },
      ['batchId', 'gatewayId', 'meters'],
    ),
    upcast: (data: unknown) => {
      const { meterId, readings, ...rest } = data as ReadingsReportedV1;
      return { ...rest, meters: [{ meterId, readings }] };
    },
  },
  /**
   * Historical readings of one meter loaded by a user from a file (no gateway, no ingest horizon), one
   * event per meter and chunk of an import.
   */
  ReadingsImported: {
    schemaVersion: 1,
    data: z.object({
      importId: z.uuid(),
      meterId: z.uuid(),
      readings: z.array(storedReadingSchema).min(1),
    }),
    accepts: objectOf({ importId: acceptsUuid, meterId: acceptsUuid, readings: acceptsStoredReadings }, [
      'importId',
      'meterId',
      'readings',
    ]),
  },
};
