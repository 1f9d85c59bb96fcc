import { alarmRuleDecider } from '@hydrolog/domain';
import { type AlarmRuleInput, type AlarmRuleView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
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
  await execute(
    services.store,
    alarmRuleDecider,
    ruleId,
    [{ type: 'Save', ...rule, ruleId, savedAt: new Date().toISOString(), facts: { creating } }],
    commandContext(request, 'error.alarmRule.exists'),
  );
  return alarmRuleOf(services.db, request, ruleId);
}
