import type { Sql } from '@hydrolog/eventstore';
import { getTenant } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';

/** The caller's tenant's time zone, in which days begin and end. */
export async function timeZoneOf(sql: Sql, request: FastifyRequest): Promise<string> {
  return (await getTenant(sql, callerOf(request).tenantId))?.settings.timeZone ?? 'UTC';
}
