import type { Decider, EventOf, RecordCommand, RecordState } from '../decider.ts';
import { recordDecider } from '../decider.ts';

/**
 * An alarm rule of a tenant (a stream per rule), saved whole: created once (`creating`, a new id), changed
 * only while it exists.
 */
export const alarmRuleDecider: Decider<
  RecordCommand<'AlarmRuleSaved', { creating: boolean }>,
  EventOf<'AlarmRuleSaved' | 'AlarmRuleDeleted'>,
  RecordState<'AlarmRuleSaved'>
> = recordDecider<'AlarmRuleSaved', 'AlarmRuleDeleted', { creating: boolean }>({
  category: 'alarmRule',
  saved: 'AlarmRuleSaved',
  deleted: 'AlarmRuleDeleted',
  id: 'ruleId',
  notFound: 'error.alarmRule.notFound',
  refuse(command, state) {
    if (command.type !== 'Save') return null;
    if (command.facts.creating && state.exists) return 'error.alarmRule.exists';
    if (!command.facts.creating && !state.exists) return 'error.alarmRule.notFound';
    return null;
  },
});
