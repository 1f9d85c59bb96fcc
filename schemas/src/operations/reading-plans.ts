import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { isoDaySchema } from '../billing/index.ts';
import { meterNoSchema } from '../meters/index.ts';
import { defineRoutes } from '../route-contract.ts';

/**
 * A walk-by reading plan: a reader (staff user) reads the meters of a group, or of a list, by hand between
 * two days. A meter counts as read when it has a reading on a day of the plan's window, whatever its source.
 */

export const READING_PLAN_NAME_MAX = 50;
export const READING_PLAN_METERS_MAX = 5000;

export const readingPlanBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(READING_PLAN_NAME_MAX, 'validation.readingPlan.name'),
    readerId: z.uuid('validation.required'),
    startDate: isoDaySchema,
    endDate: isoDaySchema,
    /** A meter group, or a list of meter numbers (one of the two). */
    groupId: z.uuid().nullable().default(null),
    meterNos: z.array(meterNoSchema).max(READING_PLAN_METERS_MAX, 'validation.tooBig').default([]),
  })
  .refine((p) => p.startDate < p.endDate, { message: 'validation.readingPlan.dates', path: ['endDate'] })
  .refine((p) => (p.groupId === null) !== (p.meterNos.length === 0), {
    message: 'validation.readingPlan.meters',
    path: ['meterNos'],
  });
export type ReadingPlanBody = z.input<typeof readingPlanBodySchema>;
export type ReadingPlanInput = z.output<typeof readingPlanBodySchema>;

export const readingPlanListQuerySchema = z.object({
  name: z.string().trim().max(READING_PLAN_NAME_MAX).optional(),
  /** Only the caller's own plans (the reader's page). */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ReadingPlanListQuery = z.input<typeof readingPlanListQuerySchema>;

export const readingPlanViewSchema = z.object({
  planId: z.string(),
  name: z.string(),
  readerId: z.string(),
  readerName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The plan's meters, those read in its window, and those not yet read. */
  meters: z.number().int(),
  read: z.number().int(),
  unread: z.number().int(),
  /** Its end day has passed (in the tenant's days) with meters not read. */
  overdue: z.boolean(),
  createTime: z.string(),
});
export type ReadingPlanView = z.infer<typeof readingPlanViewSchema>;

/** A meter of a plan: its latest reading in the plan's window, if any. */
export const readingPlanMeterSchema = z.object({
  meterId: z.string(),
  meterNo: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  total: z.number().nullable(),
});
export type ReadingPlanMeter = z.infer<typeof readingPlanMeterSchema>;

export const readingPlanDetailSchema = readingPlanViewSchema.extend({
  meterList: z.array(readingPlanMeterSchema),
});
export type ReadingPlanDetail = z.infer<typeof readingPlanDetailSchema>;

export const readingPlanEventSchemas = {
  ReadingPlanCreated: {
    schemaVersion: 1,
    data: z.object({
      planId: z.uuid(),
      name: z.string(),
      readerId: z.uuid(),
      startDate: z.string(),
      endDate: z.string(),
      groupId: z.uuid().nullable(),
      meterIds: z.array(z.uuid()),
      by: z.string(),
      at: z.string(),
    }),
  },
  ReadingPlanDeleted: {
    schemaVersion: 1,
    data: z.object({ planId: z.uuid(), by: z.string(), at: z.string() }),
  },
};

export const readingPlanRoutes = defineRoutes({
  'GET /readMeter/walkBy/list': {
    query: pagedQuerySchema(readingPlanListQuerySchema),
    answer: listEnvelopeSchema(readingPlanViewSchema),
  },
  'GET /readMeter/walkBy/:planId': { answer: envelopeSchema(readingPlanDetailSchema) },
  'POST /readMeter/walkBy': { body: readingPlanBodySchema, answer: envelopeSchema(readingPlanDetailSchema) },
  'DELETE /readMeter/walkBy/:planId': { answer: noDataEnvelopeSchema },
});
