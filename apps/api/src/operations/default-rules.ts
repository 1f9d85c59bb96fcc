import { alarmRuleDecider } from '@hydrolog/domain';
import { DEFAULT_ALARM_RULES, uuidv7 } from '@hydrolog/schemas';
import type { StreamCommand } from '../commands.ts';

/** The alarm rules a new utility starts with: every kind on all meters, notifying everyone who sees alarms. */
export function defaultAlarmRules(savedAt: string): StreamCommand[] {
  return DEFAULT_ALARM_RULES.map((rule) => {
    const ruleId = uuidv7();
    return {
      decider: alarmRuleDecider,
      id: ruleId,
      command: {
        type: 'Save',
        ...rule,
        ruleId,
        scope: 'all',
        scopeId: null,
        notifyRoles: [],
        savedAt,
        facts: { creating: true, scopeExists: true },
      },
    };
  });
}
