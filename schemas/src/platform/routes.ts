import { noDataEnvelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import { msgSendBodySchema } from './registration.ts';

/** Tenants, agents, third parties, carriers, regions and registration. */
export const platformRoutes = defineRoutes({
  'POST /system/msg/send': { body: msgSendBodySchema, answer: noDataEnvelopeSchema },
});
