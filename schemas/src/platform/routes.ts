import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  msgCheckBodySchema,
  msgSendBodySchema,
  outboxListQuerySchema,
  outboxMessageSchema,
  registerBodySchema,
  registeredSchema,
} from './registration.ts';
import {
  createdTenantSchema,
  createTenantBodySchema,
  tenantListQuerySchema,
  tenantViewSchema,
  updateTenantBodySchema,
} from './tenants.ts';

const tenantAnswer = envelopeSchema(tenantViewSchema);

/** Tenants, agents, third parties, carriers, regions and registration. */
export const platformRoutes = defineRoutes({
  'POST /system/msg/send': { body: msgSendBodySchema, answer: noDataEnvelopeSchema },
  'POST /system/msg/check': { body: msgCheckBodySchema, answer: noDataEnvelopeSchema },
  'POST /auth/register': { body: registerBodySchema, answer: envelopeSchema(registeredSchema) },
  'GET /system/msg/outbox/list': {
    query: outboxListQuerySchema,
    answer: listEnvelopeSchema(outboxMessageSchema),
  },
  'GET /system/tenant/list': { query: tenantListQuerySchema, answer: listEnvelopeSchema(tenantViewSchema) },
  'POST /system/tenant': { body: createTenantBodySchema, answer: envelopeSchema(createdTenantSchema) },
  'PUT /system/tenant': { body: updateTenantBodySchema, answer: tenantAnswer },
  'PUT /system/tenant/suspend/:tenantId': { answer: tenantAnswer },
  'PUT /system/tenant/resume/:tenantId': { answer: tenantAnswer },
  'POST /system/tenant/logo/:tenantId': { multipart: true, answer: tenantAnswer },
});
