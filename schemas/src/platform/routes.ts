import { envelopeSchema, noDataEnvelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  msgCheckBodySchema,
  msgSendBodySchema,
  registerBodySchema,
  registeredSchema,
} from './registration.ts';

/** Tenants, agents, third parties, carriers, regions and registration. */
export const platformRoutes = defineRoutes({
  'POST /system/msg/send': { body: msgSendBodySchema, answer: noDataEnvelopeSchema },
  'POST /system/msg/check': { body: msgCheckBodySchema, answer: noDataEnvelopeSchema },
  'POST /auth/register': { body: registerBodySchema, answer: envelopeSchema(registeredSchema) },
});
