import { z } from 'zod';
import { envelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  meterHistoryQuerySchema,
  meterHistorySchema,
  READING_RATE_PERIODS,
  readingImportQuerySchema,
  readingImportViewSchema,
  readingRateSchema,
} from './readings.ts';

export const readingRateQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(READING_RATE_PERIODS[0]), z.literal(READING_RATE_PERIODS[1])]))
    .default(READING_RATE_PERIODS[0]),
});
/** A started history import, followed by its id. */
export const readingImportStartedSchema = z.object({ importId: z.uuid() });
export const readingTemplateQuerySchema = readingImportQuerySchema.pick({ form: true });

/** The reading rate and a meter's history, and history imports. */
export const readingsRoutes = defineRoutes({
  'GET /report/readingRate/list': {
    query: readingRateQuerySchema,
    answer: envelopeSchema(readingRateSchema),
  },
  'GET /report/history/meter': { query: meterHistoryQuerySchema, answer: envelopeSchema(meterHistorySchema) },
  'POST /report/history/import': {
    query: readingImportQuerySchema,
    multipart: true,
    answer: envelopeSchema(readingImportStartedSchema),
  },
  'GET /report/history/import/:importId': { answer: envelopeSchema(readingImportViewSchema) },
  'POST /report/history/import/template': { query: readingTemplateQuerySchema },
});
