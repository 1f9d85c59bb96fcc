import type { AlarmRuleView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { z } from 'zod';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  removalTexts,
} from '../../components/ListScreen.tsx';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AlarmRuleForm } from './AlarmRuleForm.tsx';
import { useAlarmKinds } from './alarmKinds.ts';
import { deleteAlarmRules, listAlarmRules } from './api/operations.ts';

/** The route of this page (menu catalogue component 'alarm/rule/index'). */
export const ALARM_RULES_PATH = '/alarm/rule';

const column = listColumns<AlarmRuleView>();
const filters = z.object({ kind: filterField.text(32) });

/** Alarms / Alarm rules: which alarms the tenant raises, at which thresholds, for which meters, notifying whom. */
export const AlarmRules = defineListScreen({
  path: ALARM_RULES_PATH,
  testId: 'alarm-rules',
  texts: listTexts('rules'),
  filters,
  fetch: (query) => listAlarmRules({ ...pageParams(query), kind: query.kind || undefined }),
  rowId: (row) => row.ruleId,
  usePage: () => ({ kinds: useAlarmKinds() }),
  filterBar: (bar, { t, page }) => (
    <OptionFilter
      bar={bar}
      name="kind"
      label={t('rules.kind')}
      placeholder={t('alarms.allTypes')}
      options={page.kinds.options}
      w={220}
    />
  ),
  columns: ({ t, page, language }) => [
    column.accessor('kind', { header: t('rules.kind'), cell: (c) => page.kinds.label(c.getValue()) }),
    column.accessor('enabled', {
      header: t('rules.enabled'),
      cell: (c) => (
        <Badge color={c.getValue() ? 'green' : 'gray'} variant="light" tt="none">
          {t(c.getValue() ? 'rules.yes' : 'rules.no')}
        </Badge>
      ),
    }),
    column.accessor('threshold', {
      header: t('rules.threshold'),
      cell: (c) => {
        const value = c.getValue();
        return value === null ? '' : formatNumber(value, language, 0, 3);
      },
    }),
    column.accessor('level', { header: t('rules.level'), cell: (c) => t(`alarms.levels.${c.getValue()}`) }),
    column.accessor('scope', {
      header: t('rules.scope'),
      cell: (c) =>
        `${t(`rules.scopes.${c.getValue()}`)}${c.row.original.scopeName ? `: ${c.row.original.scopeName}` : ''}`,
    }),
    column.accessor('notifyRoles', { header: t('rules.notifyRoles'), cell: (c) => c.getValue().join(', ') }),
    column.accessor('notifyCustomer', {
      header: t('rules.notifyCustomer'),
      cell: (c) => t(c.getValue() ? 'rules.yes' : 'rules.no'),
    }),
  ],
  editRow: (context) =>
    editRowOf<AlarmRuleView>('rules', 'alarm:rule:edit', (rule) => context.page.kinds.label(rule.kind))(
      context,
    ),
  remove: ({ t, page }) => ({
    permission: ['alarm:rule:remove'],
    ...removalTexts<AlarmRuleView>(t, 'rules', (rule) => ({ name: page.kinds.label(rule.kind) })),
    run: (rules) => deleteAlarmRules(rules.map((rule) => rule.ruleId)),
  }),
  create: ({ t }) => ({ label: t('rules.new'), permission: ['alarm:rule:add'] }),
  form: ({ row, close, saved }) => <AlarmRuleForm rule={row} onClose={close} onSaved={saved} />,
  minWidth: 900,
});
