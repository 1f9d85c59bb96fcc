import { alarmRuleDecider, DomainError } from '@hydrolog/domain';
import { alarmRuleIds } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';

/** Deletes rules of the caller's tenant, all of them or none. */
export async function deleteAlarmRules(services: Services, request: FastifyRequest, ruleIds: string[]) {
  const found = await readAsCaller(services.db, request, (sql) => alarmRuleIds(sql, ruleIds));
  if (found.length !== ruleIds.length) throw new DomainError('error.alarmRule.notFound');
  await executeAll(
    services.store,
    ruleIds.map((id) => ({ decider: alarmRuleDecider, id, command: { type: 'Delete' } })),
    { metadata: callerMetadata(request) },
  );
}
