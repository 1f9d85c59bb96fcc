import { z } from 'zod';
import { sortQuerySchema } from '../api.ts';
import { meterCommandKindSchema, valveCommandViewSchema } from './command-status.ts';
import { meterLinkSchema, valveStateSchema } from './meters.ts';

/**
 * Downlink commands (valve operations and key updates). What gateways take from `/ingest/v1/commands` and
 * acknowledge belongs to the gateway protocol, a stable contract: fields are only ever added, as optional.
 */

/** Longest long poll for downlink commands. */
export const COMMAND_WAIT_MAX_SECONDS = 30;
/** A gateway that took a command must acknowledge it within this time. */
export const COMMAND_ACK_SECONDS = 120;
/** A command no gateway has taken (the meter's gateway is silent) times out after this time. */
export const COMMAND_PICKUP_MINUTES = 60;

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

// ---- valve operation and key update ----

/** A meter with its valve and its latest command of one family (valve or key update). */
export const meterCommandStateSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  meterTypeName: z.string(),
  valveControl: z.boolean(),
  valve: valveStateSchema.nullable(),
  link: meterLinkSchema,
  lastReportAt: z.string().nullable(),
  commandId: z.uuid().nullable(),
  commandKind: z.enum(['valveOpen', 'valveClose', 'keyUpdate']).nullable(),
  commandStatus: z
    .enum(['sending', 'success', 'fail', 'executing', 'resend', 'timeout', 'resendSuccess'])
    .nullable(),
  commandAt: z.string().nullable(),
  commandDetail: z.string().nullable(),
  /** The latest valve command in full (valve operation list only). */
  valveCommand: valveCommandViewSchema.nullable(),
});
export type MeterCommandState = z.infer<typeof meterCommandStateSchema>;

/** The columns the valve operation and key update lists sort by. */
export const METER_COMMAND_STATE_SORT_COLUMNS = ['meterNo', 'meterTypeName', 'valve'] as const;
export const meterCommandStateQuerySchema = z.object({
  meterNo: z.string().max(32).optional(),
  /** Only meters with a command still under way (sending, executing, resend). */
  pending: z.enum(['1']).optional(),
  ...sortQuerySchema(METER_COMMAND_STATE_SORT_COLUMNS).shape,
});
export type MeterCommandStateQuery = z.infer<typeof meterCommandStateQuerySchema>;
