import { z } from 'zod';
import {
  envelopeSchema,
  listEnvelopeSchema,
  noDataEnvelopeSchema,
  pagedQuerySchema,
  pageQuerySchema,
} from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import { commandFailureSchema, meterCommandKindSchema, meterCommandStatusSchema } from './command-status.ts';
import { meterCommandStateQuerySchema, meterCommandStateSchema } from './commands.ts';
import {
  gatewayBodySchema,
  gatewayKeySchema,
  gatewayListQuerySchema,
  gatewayViewSchema,
} from './gateways.ts';
import {
  groupMeterNosSchema,
  meterGroupBodySchema,
  meterGroupListQuerySchema,
  meterGroupViewSchema,
} from './groups.ts';
import {
  meterBodySchema,
  meterChangeBodySchema,
  meterImportResultSchema,
  meterListQuerySchema,
  meterTypeBodySchema,
  meterTypeListQuerySchema,
  meterTypeViewSchema,
  meterViewSchema,
} from './meters.ts';
import {
  meterMoveBodySchema,
  meterMoveCandidateQuerySchema,
  meterMoveCandidateSchema,
  meterMoveListQuerySchema,
  meterMoveViewSchema,
  tenantOptionSchema,
  tenantTypesSchema,
} from './moves.ts';
import {
  meterReplaceBodySchema,
  meterReplacementListQuerySchema,
  meterReplacementViewSchema,
} from './replacement.ts';

const versioned = { version: z.number().int().min(0) };
export const updateMeterTypeBodySchema = meterTypeBodySchema.extend({ meterTypeId: z.uuid(), ...versioned });
export const updateGatewayBodySchema = gatewayBodySchema.extend({ gatewayId: z.uuid(), ...versioned });
export const updateMeterGroupBodySchema = meterGroupBodySchema.extend({ groupId: z.uuid(), ...versioned });

export const meterIdsBodySchema = z.object({
  meterIds: z.array(z.uuid()).min(1, 'validation.required').max(1000),
});
export const meterKeyBodySchema = z.object({
  meterId: z.uuid(),
  key: z.string().trim().min(1, 'validation.required').max(64),
});
/** The commands a valve operation or key update issued. */
export const issuedCommandsSchema = z.object({ commandIds: z.array(z.uuid()) });

/** A key update as its page lists it (its key is never listed). */
export const keyUpdateRecordSchema = z.object({
  commandId: z.uuid(),
  meterId: z.uuid(),
  meterNo: z.string(),
  status: meterCommandStatusSchema,
  attempts: z.number().int(),
  detail: z.string().nullable(),
  issuedAt: z.string(),
  updatedAt: z.string(),
});
export const keyUpdateListQuerySchema = pageQuerySchema.extend({ meterNo: z.string().max(32).optional() });

/** A valve or key-update command with its status. */
export const meterCommandRecordSchema = z.object({
  commandId: z.uuid(),
  meterId: z.uuid(),
  meterNo: z.string(),
  kind: meterCommandKindSchema,
  status: meterCommandStatusSchema,
  attempts: z.number().int(),
  gatewayId: z.string().nullable(),
  deadline: z.string().nullable(),
  detail: z.string().nullable(),
  failure: commandFailureSchema.nullable(),
  issuedAt: z.string(),
  updatedAt: z.string(),
});
export const meterCommandListQuerySchema = pageQuerySchema.extend({
  /** Meters whose number contains it. */
  meterNo: z.string().max(32).optional(),
  /** The commands of this one meter (a meter's history). */
  meterId: z.uuid().optional(),
  kind: meterCommandKindSchema.optional(),
});
export const moveTenantQuerySchema = z.object({ name: z.string().max(50).optional() });

const meterTypeAnswer = envelopeSchema(meterTypeViewSchema);
const meterAnswer = envelopeSchema(meterViewSchema);
const groupAnswer = envelopeSchema(meterGroupViewSchema);
const commandStates = {
  query: pagedQuerySchema(meterCommandStateQuerySchema),
  answer: listEnvelopeSchema(meterCommandStateSchema),
};

/** Meter types, meters, groups, valves and keys, gateways, replacements and moves. */
export const metersRoutes = defineRoutes({
  'GET /business/meterType/list': {
    query: pagedQuerySchema(meterTypeListQuerySchema),
    answer: listEnvelopeSchema(meterTypeViewSchema),
  },
  'GET /business/meterType/optionselect': { answer: envelopeSchema(z.array(meterTypeViewSchema)) },
  'GET /business/meterType/:meterTypeId': { answer: meterTypeAnswer },
  'POST /business/meterType': { body: meterTypeBodySchema, answer: meterTypeAnswer },
  'PUT /business/meterType': { body: updateMeterTypeBodySchema, answer: meterTypeAnswer },
  'DELETE /business/meterType/:meterTypeIds': { answer: noDataEnvelopeSchema },
  'POST /business/meterType/export': { body: meterTypeListQuerySchema },

  'GET /business/meter/list': {
    query: pagedQuerySchema(meterListQuerySchema),
    answer: listEnvelopeSchema(meterViewSchema),
  },
  'GET /business/meter/:meterId': { answer: meterAnswer },
  'POST /business/meter': { body: meterBodySchema, answer: meterAnswer },
  'PUT /business/meter': { body: meterChangeBodySchema, answer: meterAnswer },
  'DELETE /business/meter/:meterIds': { answer: noDataEnvelopeSchema },
  'POST /business/meter/export': { body: meterListQuerySchema },
  'POST /business/meter/importTemplate': {},
  'POST /business/meter/import': { multipart: true, answer: envelopeSchema(meterImportResultSchema) },

  'GET /business/group/list': {
    query: pagedQuerySchema(meterGroupListQuerySchema),
    answer: listEnvelopeSchema(meterGroupViewSchema),
  },
  'GET /business/group/:groupId': { answer: groupAnswer },
  'POST /business/group': { body: meterGroupBodySchema, answer: groupAnswer },
  'PUT /business/group': { body: updateMeterGroupBodySchema, answer: groupAnswer },
  'DELETE /business/group/:groupIds': { answer: noDataEnvelopeSchema },
  'POST /business/group/export': { body: meterGroupListQuerySchema },
  'GET /business/group/:groupId/meters': {
    query: pageQuerySchema,
    answer: listEnvelopeSchema(meterViewSchema),
  },
  'POST /business/group/:groupId/meters': { body: groupMeterNosSchema, answer: groupAnswer },
  'DELETE /business/group/:groupId/meters/:meterIds': { answer: groupAnswer },

  'GET /business/valve/meters': commandStates,
  'GET /business/keyUpdate/meters': commandStates,
  'POST /business/valve/export': { body: meterCommandStateQuerySchema },
  'POST /business/keyUpdate/export': { body: meterCommandStateQuerySchema },
  'POST /business/valve/open': { body: meterIdsBodySchema, answer: envelopeSchema(issuedCommandsSchema) },
  'POST /business/valve/close': { body: meterIdsBodySchema, answer: envelopeSchema(issuedCommandsSchema) },
  'POST /business/keyUpdate/send': { body: meterKeyBodySchema, answer: envelopeSchema(issuedCommandsSchema) },
  'GET /business/keyUpdate/list': {
    query: keyUpdateListQuerySchema,
    answer: listEnvelopeSchema(keyUpdateRecordSchema),
  },
  'GET /business/valve/list': {
    query: meterCommandListQuerySchema,
    answer: listEnvelopeSchema(meterCommandRecordSchema),
  },

  'GET /ingest/gateway/list': {
    query: pagedQuerySchema(gatewayListQuerySchema),
    answer: listEnvelopeSchema(gatewayViewSchema),
  },
  'GET /ingest/gateway/:gatewayId': { answer: envelopeSchema(gatewayViewSchema) },
  'POST /ingest/gateway': { body: gatewayBodySchema, answer: envelopeSchema(gatewayKeySchema) },
  'PUT /ingest/gateway': { body: updateGatewayBodySchema, answer: envelopeSchema(gatewayViewSchema) },
  'PUT /ingest/gateway/:gatewayId/rotate': { answer: envelopeSchema(gatewayKeySchema) },
  'DELETE /ingest/gateway/:gatewayId': { answer: noDataEnvelopeSchema },
  'POST /ingest/gateway/export': { body: gatewayListQuerySchema },

  'GET /tenant/meterMove/list': {
    query: pagedQuerySchema(meterMoveListQuerySchema),
    answer: listEnvelopeSchema(meterMoveViewSchema),
  },
  'GET /tenant/meterMove/tenants': {
    query: moveTenantQuerySchema,
    answer: envelopeSchema(z.array(tenantOptionSchema)),
  },
  'GET /tenant/meterMove/types/:tenantId': { answer: envelopeSchema(tenantTypesSchema) },
  'GET /tenant/meterMove/meters': {
    query: pagedQuerySchema(meterMoveCandidateQuerySchema),
    answer: listEnvelopeSchema(meterMoveCandidateSchema),
  },
  'POST /tenant/meterMove': { body: meterMoveBodySchema, answer: noDataEnvelopeSchema },
  'POST /tenant/meterMove/export': { body: meterMoveListQuerySchema },

  'GET /business/meterReplace/list': {
    query: pagedQuerySchema(meterReplacementListQuerySchema),
    answer: listEnvelopeSchema(meterReplacementViewSchema),
  },
  'POST /business/meterReplace': { body: meterReplaceBodySchema, answer: noDataEnvelopeSchema },
  'POST /business/meterReplace/export': { body: meterReplacementListQuerySchema },
});
