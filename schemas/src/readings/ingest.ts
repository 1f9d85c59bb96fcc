import { z } from 'zod';

/**
 * The gateway protocol (`/ingest/v1`): what meter gateways and concentrators send and receive, and the events
 * their uploads and commands become. A stable contract: fields are only ever added, as optional.
 */

/** At most this many readings, or this many bytes, per request (413 beyond). */
export const INGEST_MAX_READINGS = 100_000;
export const INGEST_MAX_BYTES = 16 * 1024 * 1024;
/** A reading stamped further ahead than this is refused (the gateway's clock is wrong). */
export const INGEST_FUTURE_TOLERANCE_MINUTES = 10;
/** Default of HYDROLOG_INGEST_HORIZON_DAYS: readings older than this are refused. */
export const DEFAULT_INGEST_HORIZON_DAYS = 400;
/** Longest long poll for downlink commands. */
export const COMMAND_WAIT_MAX_SECONDS = 30;
/** A gateway that took a command must acknowledge it within this time. */
export const COMMAND_ACK_SECONDS = 120;
/** A command no gateway has taken (the meter's gateway is silent) times out after this time. */
export const COMMAND_PICKUP_MINUTES = 60;

export const INGEST_CONTENT_TYPES = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  arrow: 'application/vnd.apache.arrow.stream',
} as const;

/** Meter numbers are numeric (spec section 5). */
export const meterNoSchema = z.string().regex(/^\d{1,32}$/, 'validation.meterNo');

export const valveStateSchema = z.enum(['open', 'closed']);
export type ValveState = z.infer<typeof valveStateSchema>;

/** The measured channels of one reading; total and reverseTotal are cumulative counters in m3. */
const channels = {
  total: z.number().nonnegative(),
  reverseTotal: z.number().nonnegative().optional(),
  /** m3/h */
  flow: z.number().optional(),
  /** MPa */
  pressure: z.number().optional(),
  /** V */
  battery: z.number().nonnegative().optional(),
  signal: z.number().optional(),
  valve: valveStateSchema.optional(),
  /** degrees Celsius */
  temperature: z.number().optional(),
  /** alarm codes (the meter_alarm_type dictionary) */
  alarms: z.array(z.string().min(1).max(32)).max(16).optional(),
};

/** One reading as a gateway sends it. Unknown fields are refused, so a misspelt channel is not silently lost. */
export const gatewayReadingSchema = z.strictObject({
  meterNo: meterNoSchema,
  ts: z.iso.datetime({ offset: true }),
  ...channels,
});
export type GatewayReading = z.infer<typeof gatewayReadingSchema>;

export const readingBatchSchema = z.strictObject({
  batchId: z.uuid(),
  readings: z.array(gatewayReadingSchema).min(1).max(INGEST_MAX_READINGS),
});
export type ReadingBatch = z.infer<typeof readingBatchSchema>;

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

/**
 * A stored reading: UTC timestamp, no meter number (the event names the meter). A history imported as
 * volumes per interval marks where its counter does not continue (`counterBreak`, domain/volumes.ts): the
 * volume between this reading and the one before ('before') or after ('after') is not known.
 */
export const storedReadingSchema = z.object({
  ts: z.iso.datetime(),
  ...channels,
  counterBreak: z.enum(['before', 'after']).optional(),
});
export type StoredReading = z.infer<typeof storedReadingSchema>;

// ---- gateways (back office) ----

export const gatewayKindSchema = z.enum(['gateway', 'concentrator']);
export type GatewayKind = z.infer<typeof gatewayKindSchema>;

export const gatewayBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  kind: gatewayKindSchema,
  manufacturer: z.string().trim().max(50, 'validation.tooLong').optional(),
  remark: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type GatewayBody = z.infer<typeof gatewayBodySchema>;

export const gatewayStatusSchema = z.enum(['active', 'revoked']);

export const gatewayViewSchema = z.object({
  gatewayId: z.uuid(),
  name: z.string(),
  kind: gatewayKindSchema,
  manufacturer: z.string().nullable(),
  remark: z.string().nullable(),
  status: gatewayStatusSchema,
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  keyPrefix: z.string(),
  createTime: z.string(),
  keyRotatedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** Meters whose latest reading came through this gateway. */
  meterCount: z.number().int(),
  online: z.boolean(),
  version: z.number().int(),
});
export type GatewayView = z.infer<typeof gatewayViewSchema>;

export const gatewayKeySchema = z.object({ gatewayId: z.uuid(), key: z.string() });

export const gatewayListQuerySchema = z.object({
  name: z.string().max(50).optional(),
  kind: gatewayKindSchema.optional(),
  status: gatewayStatusSchema.optional(),
});

// ---- downlink commands ----

export const meterCommandKindSchema = z.enum(['valveOpen', 'valveClose', 'keyUpdate']);
export type MeterCommandKind = z.infer<typeof meterCommandKindSchema>;

/**
 * Spec section 4: valve operations are sending, success or fail; key updates are executing, resend,
 * timeout or resend successful (and success when the first attempt is acknowledged).
 */
export const meterCommandStatusSchema = z.enum([
  'sending',
  'success',
  'fail',
  'executing',
  'resend',
  'timeout',
  'resendSuccess',
]);
export type MeterCommandStatus = z.infer<typeof meterCommandStatusSchema>;

/** A command as a gateway receives it from `GET /ingest/v1/commands`. */
export const downlinkCommandSchema = z.object({
  commandId: z.uuid(),
  meterNo: z.string(),
  kind: meterCommandKindSchema,
  /** For key updates: the new key. */
  key: z.string().optional(),
  /** Acknowledge before this time, or the command times out. */
  deadline: z.iso.datetime(),
});
export type DownlinkCommand = z.infer<typeof downlinkCommandSchema>;

export const commandAckBodySchema = z.strictObject({
  status: z.enum(['success', 'fail']),
  detail: z.string().max(500).optional(),
});

export const ingestEventSchemas = {
  GatewayRegistered: {
    schemaVersion: 1,
    data: z.object({
      gatewayId: z.uuid(),
      tenantId: z.uuid(),
      ...gatewayBodySchema.shape,
      keyHash: z.string(),
      keyPrefix: z.string(),
      createdAt: z.iso.datetime(),
    }),
  },
  GatewayChanged: { schemaVersion: 1, data: z.object({ gatewayId: z.uuid(), ...gatewayBodySchema.shape }) },
  GatewayKeyRotated: {
    schemaVersion: 1,
    data: z.object({
      gatewayId: z.uuid(),
      keyHash: z.string(),
      keyPrefix: z.string(),
      rotatedAt: z.iso.datetime(),
    }),
  },
  /** The key stops working at once; the gateway stays listed as revoked. */
  GatewayRevoked: { schemaVersion: 1, data: z.object({ gatewayId: z.uuid(), revokedAt: z.iso.datetime() }) },
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
  /** One per meter per upload (DESIGN principle 3), carrying that meter's accepted readings. */
  ReadingsReported: {
    schemaVersion: 1,
    data: z.object({
      batchId: z.uuid(),
      gatewayId: z.uuid(),
      meterId: z.uuid(),
      readings: z.array(storedReadingSchema).min(1),
    }),
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
  },
  MeterCommandIssued: {
    schemaVersion: 1,
    data: z.object({
      commandId: z.uuid(),
      meterId: z.uuid(),
      meterNo: z.string(),
      kind: meterCommandKindSchema,
      key: z.string().optional(),
      issuedAt: z.iso.datetime(),
    }),
  },
  /** A gateway took the command in a poll; it must acknowledge before the deadline. */
  MeterCommandSent: {
    schemaVersion: 1,
    data: z.object({
      commandId: z.uuid(),
      gatewayId: z.uuid(),
      sentAt: z.iso.datetime(),
      deadline: z.iso.datetime(),
    }),
  },
  MeterCommandAcknowledged: {
    schemaVersion: 1,
    data: z.object({
      commandId: z.uuid(),
      gatewayId: z.uuid(),
      status: z.enum(['success', 'fail']),
      detail: z.string().max(500).optional(),
      at: z.iso.datetime(),
      /** The command's status after this answer. */
      result: meterCommandStatusSchema,
    }),
  },
  /** No acknowledgement before the deadline; a key update is then offered again once (resend). */
  MeterCommandTimedOut: {
    schemaVersion: 1,
    data: z.object({ commandId: z.uuid(), at: z.iso.datetime(), result: meterCommandStatusSchema }),
  },
};
