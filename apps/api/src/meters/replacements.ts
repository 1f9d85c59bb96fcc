import type { Sql } from '@hydrolog/eventstore';
import { listMeterReplacements, tenantTimeZone } from '@hydrolog/projections';
import type { MeterReplacementListQuery, PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The replacements of a filter, dated in the tenant's time zone. */
export const listReplacements = (
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & MeterReplacementListQuery,
) =>
  readAsCaller(db, request, async (sql: Sql) => {
    const timeZone = await tenantTimeZone(sql, callerOf(request).tenantId);
    return listMeterReplacements(sql, query, timeZone);
  });
