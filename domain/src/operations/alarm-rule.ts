import type { Decider, EventOf, RecordCommand, RecordState } from '../decider.ts';
import { recordDecider } from '../decider.ts';

/** What a rule's save needs to know: whether it is new, and whether its meter type or group exists. */
export interface AlarmRuleFacts {
  creating: boolean;
  scopeExists: boolean;
}

/**
 * An alarm rule of a tenant (a stream per rule), saved whole: created once (`creating`, a new id), changed
 * only while it exists, scoped to all meters or to a meter type or group of the tenant.
 */
export const alarmRuleDecider: Decider<
  RecordCommand<'AlarmRuleSaved', AlarmRuleFacts>,
  EventOf<'AlarmRuleSaved' | 'AlarmRuleDeleted'>,
  RecordState<'AlarmRuleSaved'>
> = recordDecider<'AlarmRuleSaved', 'AlarmRuleDeleted', AlarmRuleFacts>({
  category: 'alarmRule',
  saved: 'AlarmRuleSaved',
  deleted: 'AlarmRuleDeleted',
  id: 'ruleId',
  notFound: 'error.alarmRule.notFound',
  refuse(command, state) {
    if (command.type !== 'Save') return null;
    if (command.facts.creating && state.exists) return 'error.alarmRule.exists';
    if (!command.facts.creating && !state.exists) return 'error.alarmRule.notFound';
    if (!command.facts.scopeExists) return 'error.alarmRule.scopeNotFound';
    return null;
  },
});
