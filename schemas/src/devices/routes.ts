import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  concentratorBodySchema,
  concentratorKeySchema,
  concentratorListQuerySchema,
  concentratorViewSchema,
  updateConcentratorBodySchema,
} from './concentrators.ts';

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
});
