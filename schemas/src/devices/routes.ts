import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  concentratorBodySchema,
  concentratorKeySchema,
  concentratorListQuerySchema,
  concentratorViewSchema,
  updateConcentratorBodySchema,
} from './concentrators.ts';
import {
  flowMeterBodySchema,
  flowMeterListQuerySchema,
  flowMeterViewSchema,
  updateFlowMeterBodySchema,
} from './flow-meters.ts';

const flowMeterAnswer = envelopeSchema(flowMeterViewSchema);

/** Concentrators and flow meters. */
export const devicesRoutes = defineRoutes({
  'GET /device/concentrator/list': {
    query: pagedQuerySchema(concentratorListQuerySchema),
    answer: listEnvelopeSchema(concentratorViewSchema),
  },
  'GET /device/concentrator/:concentratorId': { answer: envelopeSchema(concentratorViewSchema) },
  'POST /device/concentrator': {
    body: concentratorBodySchema,
    answer: envelopeSchema(concentratorKeySchema),
  },
  'PUT /device/concentrator': {
    body: updateConcentratorBodySchema,
    answer: envelopeSchema(concentratorViewSchema),
  },
  'DELETE /device/concentrator/:ids': { answer: noDataEnvelopeSchema },
  'POST /device/concentrator/export': { body: concentratorListQuerySchema },
  'GET /device/flow/list': {
    query: pagedQuerySchema(flowMeterListQuerySchema),
    answer: listEnvelopeSchema(flowMeterViewSchema),
  },
  'GET /device/flow/:flowMeterId': { answer: flowMeterAnswer },
  'POST /device/flow': { body: flowMeterBodySchema, answer: flowMeterAnswer },
  'PUT /device/flow': { body: updateFlowMeterBodySchema, answer: flowMeterAnswer },
  'DELETE /device/flow/:ids': { answer: noDataEnvelopeSchema },
  'POST /device/flow/export': { body: flowMeterListQuerySchema },
});
