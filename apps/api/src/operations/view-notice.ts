import { alarmNoticesDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { alarmDetailsOf } from './meter-alarms.ts';

/** Marks a notice of the caller's tenant read, for the caller only. */
export async function viewNotice(services: Services, request: FastifyRequest, alarmId: string) {
  await alarmDetailsOf(services.db, request, [alarmId]);
  const { userId } = callerOf(request);
  await execute(
    services.store,
    alarmNoticesDecider,
    userId,
    [{ type: 'ViewNotice', userId, alarmId, viewedAt: new Date().toISOString() }],
    { metadata: callerMetadata(request) },
  );
}
