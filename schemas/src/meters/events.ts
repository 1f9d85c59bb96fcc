import { z } from 'zod';
import { meterCommandKindSchema, meterCommandStatusSchema } from './command-status.ts';
import { gatewayBodySchema } from './gateways.ts';
import { meterGroupEventSchemas } from './groups.ts';
import { meterBodySchema, meterFieldsSchema, meterTypeBodySchema } from './meters.ts';

/** Meter types, meters, groups, gateways and commands; replacement and moves keep maps of their own. */
export const meterEventSchemas = {
  MeterTypeCreated: {
    schemaVersion: 1,
    data: z.object({ meterTypeId: z.uuid(), tenantId: z.uuid(), ...meterTypeBodySchema.shape }),
  },
  MeterTypeChanged: {
    schemaVersion: 1,
    data: z.object({ meterTypeId: z.uuid(), ...meterTypeBodySchema.shape }),
  },
  MeterTypeDeleted: { schemaVersion: 1, data: z.object({ meterTypeId: z.uuid() }) },
  MeterRegistered: {
    schemaVersion: 1,
    data: z.object({
      meterId: z.uuid(),
      tenantId: z.uuid(),
      ...meterBodySchema.shape,
      registeredAt: z.iso.datetime(),
    }),
  },
  MeterChanged: {
    schemaVersion: 1,
    data: z.object({ meterId: z.uuid(), ...meterFieldsSchema.shape }),
  },
  MeterDeleted: { schemaVersion: 1, data: z.object({ meterId: z.uuid() }) },
  ...meterGroupEventSchemas,
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
