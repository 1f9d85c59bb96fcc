import { DomainError } from '@hydrolog/domain';
import { getPressureMeter, listPressureAlarms, listPressureMeters } from '@hydrolog/projections';
import type {
  PageQuery,
  PressureAlarmListQuery,
  PressureAlarmView,
  PressureMeterListQuery,
  PressureMeterView,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The caller's pressure meter with its latest pressure and state; another tenant's is "not found". */
export async function pressureMeterOf(
  db: Services['db'],
  request: FastifyRequest,
  pressureMeterId: string,
): Promise<PressureMeterView> {
  const found = await readAsCaller(db, request, (sql) => getPressureMeter(sql, pressureMeterId));
  if (!found) throw new DomainError('error.pressureMeter.notFound');
  return found;
}

export function pressureMetersOf(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & PressureMeterListQuery,
): Promise<{ total: number; rows: PressureMeterView[] }> {
  return readAsCaller(db, request, (sql) => listPressureMeters(sql, query));
}

export function pressureAlarmsOf(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & PressureAlarmListQuery,
): Promise<{ total: number; rows: PressureAlarmView[] }> {
  return readAsCaller(db, request, (sql) => listPressureAlarms(sql, query));
}
