import { DomainError } from '@hydrolog/domain';
import { getMeterView } from '@hydrolog/projections';
import type { MeterView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The caller's meter, or "not found" (also for another tenant's id). */
export async function meterOf(
  db: Services['db'],
  request: FastifyRequest,
  meterId: string,
): Promise<MeterView> {
  const found = await readAsCaller(db, request, (sql) => getMeterView(sql, meterId));
  if (!found) throw new DomainError('error.meter.notFound');
  return found;
}
