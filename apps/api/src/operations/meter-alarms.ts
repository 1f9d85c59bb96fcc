import { DomainError, type MeterAlarmCommand, meterAlarmDecider, meterAlarmStreamId } from '@hydrolog/domain';
import { meterAlarmDetails, meterAlarmsByIds } from '@hydrolog/projections';
import type { MeterAlarmDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';

/** Alarms of the caller's tenant with their meter's record; any other id is "not found". */
export async function alarmDetailsOf(
  db: Services['db'],
  request: FastifyRequest,
  alarmIds: readonly string[],
): Promise<MeterAlarmDetail[]> {
  const ids = [...new Set(alarmIds)];
  const found = await readAsCaller(db, request, (sql) => meterAlarmDetails(sql, ids));
  if (found.length !== ids.length) throw new DomainError('error.meterAlarm.notFound');
  return found;
}

/**
 * One command on each of these alarms of the caller's tenant, in one append: all of them change or none
 * (one already closed refuses the batch, in the caller's language).
 */
export async function onAlarms(
  services: Services,
  request: FastifyRequest,
  alarmIds: readonly string[],
  command: MeterAlarmCommand,
): Promise<void> {
  const ids = [...new Set(alarmIds)];
  const alarms = await readAsCaller(services.db, request, (sql) => meterAlarmsByIds(sql, ids));
  if (alarms.length !== ids.length) throw new DomainError('error.meterAlarm.notFound');
  await executeAll(
    services.store,
    alarms.map((alarm) => ({ decider: meterAlarmDecider, id: meterAlarmStreamId(alarm), command })),
    { metadata: callerMetadata(request) },
  );
}
