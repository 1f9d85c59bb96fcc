import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { meterNoSchema } from '../meters/index.ts';
import { storedReadingSchema } from '../readings/index.ts';
import { defineRoutes } from '../route-contract.ts';

/**
 * A counter value a staff member read off a meter by hand (walk-by or at the desk). It is a reading like a
 * gateway's, stored by the same projection, so volumes, leakage, alarms and bills use it.
 */

/** The largest counter a form accepts, m3 (eight digits and three decimals on a meter's dial). */
export const MANUAL_READING_MAX = 99_999_999.999;
export const MANUAL_READING_REMARK_MAX = 100;
/** A manual photo's URL, as the upload route answers it. */
const PHOTO_URL = /^\/uploads\/manualReading\/[\w-]+\.(png|jpg)$/;

export const manualReadingBodySchema = z.object({
  meterNo: meterNoSchema,
  /** The counter read, m3. */
  total: z
    .number('validation.required')
    .min(0, 'validation.manualReading.total')
    .max(MANUAL_READING_MAX, 'validation.manualReading.total'),
  /** When the meter was read (with its offset); now when not given. */
  readAt: z.iso.datetime({ offset: true, error: 'validation.invalidFormat' }).optional(),
  /** The counter started again (a new or rolled-over meter): it may be below the last one. */
  reset: z.boolean().default(false),
  photoUrl: z.string().regex(PHOTO_URL, 'validation.invalidFormat').nullable().default(null),
  planId: z.uuid().nullable().default(null),
  remark: z.string().trim().max(MANUAL_READING_REMARK_MAX, 'validation.manualReading.remark').default(''),
});
export type ManualReadingBody = z.input<typeof manualReadingBodySchema>;
export type ManualReadingInput = z.output<typeof manualReadingBodySchema>;

export const manualReadingListQuerySchema = z.object({
  meterNo: z.string().trim().max(50).optional(),
  planId: z.uuid().optional(),
});
export type ManualReadingListQuery = z.infer<typeof manualReadingListQuerySchema>;

export const manualReadingViewSchema = z.object({
  readingId: z.string(),
  meterId: z.string(),
  meterNo: z.string().nullable(),
  readAt: z.string(),
  total: z.number(),
  reset: z.boolean(),
  photoUrl: z.string().nullable(),
  planId: z.string().nullable(),
  remark: z.string(),
  createBy: z.string().nullable(),
  createTime: z.string(),
});
export type ManualReadingView = z.infer<typeof manualReadingViewSchema>;

/** A file of manual readings holds at most this many rows. */
export const MANUAL_READING_IMPORT_MAX_ROWS = 5000;

/** An import's answer: readings entered, and each row refused with why. */
export const manualReadingImportAnswerSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), meterNo: z.string().nullable(), message: z.string() })),
});
export type ManualReadingImportAnswer = z.infer<typeof manualReadingImportAnswerSchema>;

export const manualReadingEventSchemas = {
  /** One reading entered by hand; `readings` holds it as the readings projection stores every reading. */
  ManualReadingEntered: {
    schemaVersion: 1,
    data: z.object({
      readingId: z.uuid(),
      meterId: z.uuid(),
      source: z.literal('manual'),
      readings: z.array(storedReadingSchema).length(1),
      reset: z.boolean(),
      photoUrl: z.string().nullable(),
      planId: z.uuid().nullable(),
      remark: z.string(),
      by: z.string(),
      at: z.string(),
    }),
  },
};

export const manualReadingRoutes = defineRoutes({
  'GET /readMeter/manual/list': {
    query: pagedQuerySchema(manualReadingListQuerySchema),
    answer: listEnvelopeSchema(manualReadingViewSchema),
  },
  'POST /readMeter/manual': {
    body: manualReadingBodySchema,
    answer: envelopeSchema(manualReadingViewSchema),
  },
  'POST /readMeter/manual/photo': { multipart: true, answer: envelopeSchema(z.object({ url: z.string() })) },
  'POST /readMeter/manual/import': {
    multipart: true,
    answer: envelopeSchema(manualReadingImportAnswerSchema),
  },
});
