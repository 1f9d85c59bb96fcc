import { DomainError } from '@hydrolog/domain';
import { getAlarmRule } from '@hydrolog/projections';
import type { AlarmRuleView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** An alarm rule of the caller's tenant; another tenant's is "not found". */
export async function alarmRuleOf(
  db: Services['db'],
  request: FastifyRequest,
  ruleId: string,
): Promise<AlarmRuleView> {
  const found = await readAsCaller(db, request, (sql) => getAlarmRule(sql, ruleId));
  if (!found) throw new DomainError('error.alarmRule.notFound');
  return found;
}
