import { alarmNoticesDecider } from '@hydrolog/domain';
import type { AlarmType } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Clears the caller's bell of the notices of these types raised until now. */
export async function cleanNotices(services: Services, request: FastifyRequest, alarmTypes: AlarmType[]) {
  const { userId } = callerOf(request);
  await execute(
    services.store,
    alarmNoticesDecider,
    userId,
    [{ type: 'CleanNotices', userId, alarmTypes, cleanedAt: new Date().toISOString() }],
    { metadata: callerMetadata(request) },
  );
}
