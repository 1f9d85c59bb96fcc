import { cascadeAlarmDecider, DomainError } from '@hydrolog/domain';
import { cascadeAlarmsByIds } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { alarmStreamId } from './alarms.ts';

/** Marks alarms of the caller's tenant processed, all at once; all of them must be the tenant's. */
export async function processAlarms(services: Services, request: FastifyRequest, alarmIds: string[]) {
  const alarms = await readAsCaller(services.db, request, (sql) => cascadeAlarmsByIds(sql, alarmIds));
  if (alarms.length !== alarmIds.length) throw new DomainError('error.cascade.alarmNotFound');
  const processedAt = new Date().toISOString();
  // One append: the batch is processed whole or not at all.
  await executeAll(
    services.store,
    alarms.map((alarm) => ({
      decider: cascadeAlarmDecider,
      id: alarmStreamId(alarm),
      command: { type: 'ProcessCascadeAlarm', processedAt },
    })),
    { metadata: callerMetadata(request) },
  );
}
