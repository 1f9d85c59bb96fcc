import { cascadeCalendarDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Replaces the tenant's holidays (its calendar is one stream per tenant). */
export async function setHolidays(services: Services, request: FastifyRequest, holidays: string[]) {
  const { tenantId } = callerOf(request);
  await execute(services.store, cascadeCalendarDecider, tenantId, [{ type: 'SetHolidays', holidays }], {
    metadata: callerMetadata(request),
  });
}
