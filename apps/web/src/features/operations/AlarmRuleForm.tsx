import {
  ALARM_LEVELS,
  ALARM_SCOPES,
  type AlarmLevel,
  type AlarmRuleView,
  type AlarmScope,
  alarmRuleBodySchema,
  updateAlarmRuleBodySchema,
} from '@hydrolog/schemas';
import { Group, MultiSelect, NumberInput, Select, Switch } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { useAlarmKinds } from './alarmKinds.ts';
import {
  createAlarmRule,
  meterGroupChoices,
  meterTypeChoices,
  roleChoices,
  updateAlarmRule,
} from './api/operations.ts';

interface Values extends Record<string, unknown> {
  ruleId?: string;
  kind: string;
  enabled: boolean;
  threshold: number | null;
  level: AlarmLevel;
  notifyRoles: string[];
  notifyCustomer: boolean;
  scope: AlarmScope;
  scopeId: string | null;
}

/** Choices that load once the form opens; none while loading or when the user may not list them. */
function useChoices<T>(fetch: () => Promise<T[]>) {
  const load = useCallback(() => fetch().catch(() => [] as T[]), [fetch]);
  return useLatestLoad(load).data ?? [];
}

/** Add or change an alarm rule: its kind, thresholds, level, who is notified and which meters it covers. */
export function AlarmRuleForm({
  rule,
  onClose,
  onSaved,
}: {
  rule: AlarmRuleView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const kinds = useAlarmKinds();
  const roles = useChoices(roleChoices);
  const types = useChoices(meterTypeChoices);
  const groups = useChoices(useCallback(() => meterGroupChoices().then((page) => page.rows), []));
  const form = useSchemaForm<Values, unknown>(rule ? updateAlarmRuleBodySchema : alarmRuleBodySchema, {
    ...(rule ? { ruleId: rule.ruleId } : {}),
    kind: rule?.kind ?? '',
    enabled: rule?.enabled ?? true,
    threshold: rule?.threshold ?? null,
    level: rule?.level ?? 'medium',
    notifyRoles: rule?.notifyRoles ?? [],
    notifyCustomer: rule?.notifyCustomer ?? false,
    scope: rule?.scope ?? 'all',
    scopeId: rule?.scopeId ?? null,
  });
  const scopeOptions =
    form.values.scope === 'meterType'
      ? types.map((x) => ({ value: x.meterTypeId, label: x.name }))
      : groups.map((x) => ({ value: x.groupId, label: x.name }));

  return (
    <FormDialog
      title={t(rule ? 'rules.edit' : 'rules.add')}
      busy={form.busy}
      testId="alarm-rule-form"
      onClose={onClose}
      onSubmit={() =>
        form.save(createOrUpdate(rule, updateAlarmRule, createAlarmRule), t('rules.saved'), onSaved)
      }
    >
      <Select
        label={t('rules.kind')}
        withAsterisk
        data-autofocus
        searchable
        data={kinds.options}
        value={form.values.kind || null}
        onChange={(value) => form.set('kind', value ?? '')}
        error={form.errors.kind}
        comboboxProps={{ withinPortal: true }}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('rules.threshold')}
          description={t('rules.thresholdHint')}
          min={0}
          decimalScale={3}
          value={form.values.threshold ?? ''}
          onChange={(value) => form.set('threshold', typeof value === 'number' ? value : null)}
          error={form.errors.threshold}
        />
        <Select
          label={t('rules.level')}
          withAsterisk
          data={ALARM_LEVELS.map((value) => ({ value, label: t(`alarms.levels.${value}`) }))}
          value={form.values.level}
          onChange={(value) => value && form.set('level', value as AlarmLevel)}
          error={form.errors.level}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('rules.scope')}
          withAsterisk
          data={ALARM_SCOPES.map((value) => ({ value, label: t(`rules.scopes.${value}`) }))}
          value={form.values.scope}
          onChange={(value) => {
            if (!value) return;
            form.set('scope', value as AlarmScope);
            form.set('scopeId', null);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        {form.values.scope !== 'all' && (
          <Select
            label={t('rules.scopeId')}
            withAsterisk
            searchable
            data={scopeOptions}
            value={form.values.scopeId}
            onChange={(value) => form.set('scopeId', value)}
            error={form.errors.scopeId}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <MultiSelect
        label={t('rules.notifyRoles')}
        description={t('rules.notifyRolesHint')}
        data={roles.map((r) => ({ value: r.roleKey, label: r.roleName }))}
        value={form.values.notifyRoles}
        onChange={(value) => form.set('notifyRoles', value)}
        error={form.errors.notifyRoles}
        comboboxProps={{ withinPortal: true }}
      />
      <Group>
        <Switch
          label={t('rules.enabled')}
          checked={form.values.enabled}
          onChange={(e) => form.set('enabled', e.currentTarget.checked)}
        />
        <Switch
          label={t('rules.notifyCustomer')}
          checked={form.values.notifyCustomer}
          onChange={(e) => form.set('notifyCustomer', e.currentTarget.checked)}
        />
      </Group>
    </FormDialog>
  );
}
