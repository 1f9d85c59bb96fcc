import { DomainError } from '@hydrolog/domain';
import { getMeterType, listMeterTypes } from '@hydrolog/projections';
import type { MeterTypeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The caller's meter type, or "not found" (also for another tenant's id). */
export async function meterTypeOf(
  db: Services['db'],
  request: FastifyRequest,
  meterTypeId: string,
): Promise<MeterTypeView> {
  const found = await readAsCaller(db, request, (sql) => getMeterType(sql, meterTypeId));
  if (!found) throw new DomainError('error.meterType.notFound');
  return found;
}

/** Every meter type of the tenant, for choosing. */
export async function meterTypeOptions(
  db: Services['db'],
  request: FastifyRequest,
): Promise<MeterTypeView[]> {
  const page = await readAsCaller(db, request, (sql) =>
    listMeterTypes(sql, { pageNum: 1, pageSize: 10_000 }),
  );
  return page.rows;
}
