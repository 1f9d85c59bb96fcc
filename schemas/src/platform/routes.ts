import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  agentListQuerySchema,
  agentMovementQuerySchema,
  agentMovementViewSchema,
  agentPurchaseMethodBodySchema,
  agentRechargeBodySchema,
  agentViewSchema,
  agentWithdrawBodySchema,
  carrierBodySchema,
  carrierListQuerySchema,
  carrierViewSchema,
  regionBodySchema,
  regionListQuerySchema,
  regionViewSchema,
  thirdPartyBodySchema,
  thirdPartyListQuerySchema,
  thirdPartyRechargeQuerySchema,
  thirdPartyViewSchema,
  updateCarrierBodySchema,
  updateRegionBodySchema,
  updateThirdPartyBodySchema,
} from './management.ts';
import {
  msgCheckBodySchema,
  msgSendBodySchema,
  outboxListQuerySchema,
  outboxMessageSchema,
  outboxTextSchema,
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
const agentAnswer = envelopeSchema(agentViewSchema);
const carrierAnswer = envelopeSchema(carrierViewSchema);
const regionAnswer = envelopeSchema(regionViewSchema);
const thirdPartyAnswer = envelopeSchema(thirdPartyViewSchema);
const movementList = listEnvelopeSchema(agentMovementViewSchema);

/** Tenants, agents, third parties, carriers, regions and registration. */
export const platformRoutes = defineRoutes({
  'POST /system/msg/send': { body: msgSendBodySchema, answer: noDataEnvelopeSchema },
  'POST /system/msg/check': { body: msgCheckBodySchema, answer: noDataEnvelopeSchema },
  'POST /auth/register': { body: registerBodySchema, answer: envelopeSchema(registeredSchema) },
  'GET /system/msg/outbox/list': {
    query: outboxListQuerySchema,
    answer: listEnvelopeSchema(outboxMessageSchema),
  },
  'POST /system/msg/outbox/reveal/:messageId': { answer: envelopeSchema(outboxTextSchema) },
  'GET /system/tenant/list': { query: tenantListQuerySchema, answer: listEnvelopeSchema(tenantViewSchema) },
  'POST /system/tenant': { body: createTenantBodySchema, answer: envelopeSchema(createdTenantSchema) },
  'PUT /system/tenant': { body: updateTenantBodySchema, answer: tenantAnswer },
  'PUT /system/tenant/suspend/:tenantId': { answer: tenantAnswer },
  'PUT /system/tenant/resume/:tenantId': { answer: tenantAnswer },
  'POST /system/tenant/logo/:tenantId': { multipart: true, answer: tenantAnswer },
  'GET /system/agent/list': { query: agentListQuerySchema, answer: listEnvelopeSchema(agentViewSchema) },
  'GET /system/agent/movements': { query: agentMovementQuerySchema, answer: movementList },
  'PUT /system/agent/purchaseMethod': { body: agentPurchaseMethodBodySchema, answer: agentAnswer },
  'POST /system/user/agentRecharge': { body: agentRechargeBodySchema, answer: agentAnswer },
  'POST /system/user/agentWithdraw': { body: agentWithdrawBodySchema, answer: agentAnswer },
  'GET /tenant/carrier/list': {
    query: carrierListQuerySchema,
    answer: listEnvelopeSchema(carrierViewSchema),
  },
  'POST /tenant/carrier': { body: carrierBodySchema, answer: carrierAnswer },
  'PUT /tenant/carrier': { body: updateCarrierBodySchema, answer: carrierAnswer },
  'DELETE /tenant/carrier/:carrierIds': { answer: noDataEnvelopeSchema },
  'GET /tenant/region/list': {
    query: regionListQuerySchema,
    answer: envelopeSchema(z.array(regionViewSchema)),
  },
  'POST /tenant/region': { body: regionBodySchema, answer: regionAnswer },
  'PUT /tenant/region': { body: updateRegionBodySchema, answer: regionAnswer },
  'DELETE /tenant/region/:regionId': { answer: noDataEnvelopeSchema },
  'GET /tenant/thirdParty/list': {
    query: thirdPartyListQuerySchema,
    answer: listEnvelopeSchema(thirdPartyViewSchema),
  },
  'GET /tenant/thirdParty/recharge/list': { query: thirdPartyRechargeQuerySchema, answer: movementList },
  'POST /tenant/thirdParty': { body: thirdPartyBodySchema, answer: thirdPartyAnswer },
  'PUT /tenant/thirdParty': { body: updateThirdPartyBodySchema, answer: thirdPartyAnswer },
  'DELETE /tenant/thirdParty/:thirdPartyIds': { answer: noDataEnvelopeSchema },
});
