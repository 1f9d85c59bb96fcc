import { alarmRuleDecider } from '@hydrolog/domain';
import { alarmScopeExists } from '@hydrolog/projections';
import { type AlarmRuleInput, type AlarmRuleView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { alarmRuleOf } from './alarm-rules.ts';

/** Creates a rule (a new id) or changes one of the caller's tenant. */
export async function saveAlarmRule(
  services: Services,
  request: FastifyRequest,
  rule: AlarmRuleInput & { ruleId?: string },
): Promise<AlarmRuleView> {
  const creating = rule.ruleId === undefined;
  const ruleId = rule.ruleId ?? uuidv7();
  // Another tenant's rule is refused as not found before its stream is touched.
  if (!creating) await alarmRuleOf(services.db, request, ruleId);
  const scopeExists = await readAsCaller(services.db, request, (sql) =>
    alarmScopeExists(sql, rule.scope, rule.scopeId),
  );
  await execute(
    services.store,
    alarmRuleDecider,
    ruleId,
    [{ type: 'Save', ...rule, ruleId, savedAt: new Date().toISOString(), facts: { creating, scopeExists } }],
    commandContext(request, 'error.alarmRule.exists'),
  );
  return alarmRuleOf(services.db, request, ruleId);
}
