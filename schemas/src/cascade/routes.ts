import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  analysisQuerySchema,
  cascadeAlarmListQuerySchema,
  cascadeAlarmViewSchema,
  cascadeHolidaysSchema,
  cascadeMeterSchema,
  cascadeOverviewSchema,
  dailyFigureSchema,
  hourlyFlowSchema,
  iliQuerySchema,
  leakAnalysisSchema,
  meterPositionsBodySchema,
  nightFigureSchema,
  partitionBodySchema,
  partitionDetailSchema,
  partitionListQuerySchema,
  partitionUpdateBodySchema,
  partitionViewSchema,
  periodBalanceSchema,
  pointBodySchema,
  pointUpdateBodySchema,
  rankingRowSchema,
  removeSubMetersBodySchema,
  subMeterCandidateQuerySchema,
  subMeterCandidateSchema,
  subMeterQuerySchema,
  subMetersBodySchema,
  summaryMeterBodySchema,
} from './cascade.ts';

/** A created partition (its root point) or an added point. */
export const cascadePointCreatedSchema = z.object({ partitionId: z.string(), pointId: z.string() });
export const cascadePointChangedSchema = z.object({ pointId: z.string() });
export const subMetersAddedSchema = z.object({ added: z.number().int(), total: z.number().int() });
export const subMeterImportResultSchema = subMetersAddedSchema.extend({
  errors: z.array(z.object({ row: z.number().int(), meterNo: z.string(), message: z.string() })),
});

export const figuresExportBodySchema = z.object({
  pointId: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});
export const rankingQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const hourlyFlowQuerySchema = z.object({ pointId: z.uuid(), date: z.iso.date() });
export const iliResultSchema = z.object({
  uarlLitresPerDay: z.number(),
  carlLitresPerDay: z.number(),
  ili: z.number().nullable(),
  /** days of the period with a known leakage (CARL is their mean) */
  days: z.number().int(),
});
export type IliResult = z.infer<typeof iliResultSchema>;

const createdAnswer = envelopeSchema(cascadePointCreatedSchema);
const partitionAnswer = envelopeSchema(partitionDetailSchema);
const overviewAnswer = envelopeSchema(cascadeOverviewSchema);

/** Cascade partitions, their metering points, the leakage figures, holidays, alarms and overviews. */
export const cascadeRoutes = defineRoutes({
  'GET /cascade/partition/list': {
    query: pagedQuerySchema(partitionListQuerySchema),
    answer: listEnvelopeSchema(partitionViewSchema),
  },
  'GET /cascade/partition/:partitionId': { answer: partitionAnswer },
  'POST /cascade/partition': { body: partitionBodySchema, answer: createdAnswer },
  'PUT /cascade/partition': { body: partitionUpdateBodySchema, answer: partitionAnswer },
  'DELETE /cascade/partition/:partitionId': { answer: noDataEnvelopeSchema },
  'PUT /cascade/partition/positions': { body: meterPositionsBodySchema, answer: noDataEnvelopeSchema },
  'POST /cascade/point': { body: pointBodySchema, answer: createdAnswer },
  'PUT /cascade/point': { body: pointUpdateBodySchema, answer: envelopeSchema(cascadePointChangedSchema) },
  'DELETE /cascade/point/:pointIds': { answer: noDataEnvelopeSchema },
  'PUT /cascade/point/summaryMeter': {
    body: summaryMeterBodySchema,
    answer: envelopeSchema(cascadeMeterSchema),
  },
  'GET /cascade/point/:pointId/subMeters': {
    query: pagedQuerySchema(subMeterQuerySchema),
    answer: listEnvelopeSchema(cascadeMeterSchema),
  },
  'GET /cascade/point/:pointId/subMeterCandidates': {
    query: pagedQuerySchema(subMeterCandidateQuerySchema),
    answer: listEnvelopeSchema(subMeterCandidateSchema),
  },
  'POST /cascade/point/subMeters': {
    body: subMetersBodySchema,
    answer: envelopeSchema(subMetersAddedSchema),
  },
  'PUT /cascade/point/subMeters/remove': { body: removeSubMetersBodySchema, answer: noDataEnvelopeSchema },
  'POST /cascade/point/subMeters/template': {},
  'POST /cascade/point/:pointId/subMeters/import': {
    multipart: true,
    answer: envelopeSchema(subMeterImportResultSchema),
  },
  'GET /cascade/analysis/daily': {
    query: analysisQuerySchema,
    answer: listEnvelopeSchema(dailyFigureSchema),
  },
  'GET /cascade/analysis/night': {
    query: analysisQuerySchema,
    answer: listEnvelopeSchema(nightFigureSchema),
  },
  'POST /cascade/analysis/daily/export': { body: figuresExportBodySchema },
  'POST /cascade/analysis/night/export': { body: figuresExportBodySchema },
  'GET /cascade/analysis/balance': {
    query: analysisQuerySchema,
    answer: envelopeSchema(periodBalanceSchema),
  },
  'GET /cascade/analysis/hourly': {
    query: hourlyFlowQuerySchema,
    answer: listEnvelopeSchema(hourlyFlowSchema),
  },
  'GET /cascade/analysis/leaks': { query: analysisQuerySchema, answer: envelopeSchema(leakAnalysisSchema) },
  'GET /cascade/analysis/ili': { query: iliQuerySchema, answer: envelopeSchema(iliResultSchema) },
  'GET /cascade/analysis/ranking': {
    query: pagedQuerySchema(rankingQuerySchema),
    answer: listEnvelopeSchema(rankingRowSchema),
  },
  'GET /cascade/holidays': { answer: envelopeSchema(cascadeHolidaysSchema) },
  'PUT /cascade/holidays': { body: cascadeHolidaysSchema, answer: noDataEnvelopeSchema },
  'GET /cascade/alarm/list': {
    query: pagedQuerySchema(cascadeAlarmListQuerySchema),
    answer: listEnvelopeSchema(cascadeAlarmViewSchema),
  },
  'POST /cascade/alarm/export': { body: cascadeAlarmListQuerySchema },
  'PUT /cascade/alarm/process/:alarmIds': { answer: noDataEnvelopeSchema },
  'GET /cascade/gis/overview': { answer: overviewAnswer },
  'GET /cascade/screen/overview': { answer: overviewAnswer },
});
