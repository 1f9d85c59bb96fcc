import {
  createTenantBodySchema,
  type TenantSettings,
  type TenantView,
  tenantSettingsSchema,
  updateTenantBodySchema,
} from '@hydrolog/schemas';
import { Fieldset, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useClickGate } from '../../hooks/useClickGate.ts';
import { showInitialPassword } from '../../lib/dialogs.ts';
import { type FieldErrors, fieldErrors, validate } from '../../lib/forms.ts';
import { type CreatedTenant, createTenant, updateTenant } from './api/tenants.ts';

const GEN_MODES = ['manual', 'sequence', 'date_sequence'] as const;

interface Props {
  /** The tenant to edit; null to create one. */
  tenant: TenantView | null;
  onClose(): void;
  onSaved(tenant: TenantView): void;
}

/** Create or edit a tenant; validated in the browser with the same zod schemas as the server. */
export function TenantForm({ tenant, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(tenant?.name ?? '');
  const [trial, setTrial] = useState(tenant?.trial ?? false);
  const [settings, setSettings] = useState<TenantSettings>(
    tenant?.settings ?? tenantSettingsSchema.parse({}),
  );
  /** The first administrator of a new tenant: optional, both fields empty for none. */
  const [admin, setAdmin] = useState({ userName: '', nickName: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const gate = useClickGate();
  const timeZones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const set = <K extends keyof TenantSettings>(key: K, value: TenantSettings[K]) =>
    setSettings((s) => ({ ...s, [key]: value }));
  /** Props binding a text input to a field of the first administrator. */
  const adminField = (key: keyof typeof admin) => ({
    value: admin[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setAdmin((a) => ({ ...a, [key]: value }));
    },
    error: errors[`admin.${key}`],
  });

  async function submit() {
    const withAdmin = admin.userName.trim() !== '' || admin.nickName.trim() !== '';
    const update = tenant && { tenantId: tenant.tenantId, version: tenant.version, name, settings };
    const create = { name, trial, settings, admin: withAdmin ? admin : undefined };
    const checked = validate<unknown>(
      update ? updateTenantBodySchema : createTenantBodySchema,
      update ?? create,
    );
    setErrors(checked.errors ?? {});
    if (checked.errors || !gate()) return;
    setSaving(true);
    let saved: CreatedTenant;
    try {
      saved = update ? await updateTenant(update) : await createTenant(create);
    } catch (error) {
      if (error instanceof RequestError && error.fieldErrors.length > 0)
        setErrors(fieldErrors(error.fieldErrors));
      return;
    } finally {
      setSaving(false);
    }
    notifications.show({ color: 'green', message: t(tenant ? 'tenants.saved' : 'tenants.created') });
    onSaved(saved);
    // The first administrator's initial password is answered this once.
    if (saved.admin) await showInitialPassword(saved.admin.userName, saved.admin.initialPassword);
  }

  return (
    <FormDialog
      title={t(tenant ? 'tenants.edit' : 'tenants.new')}
      size="lg"
      busy={saving}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('tenants.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
        withAsterisk
      />
      {!tenant && (
        <Switch
          label={t('tenants.trial')}
          checked={trial}
          onChange={(e) => setTrial(e.currentTarget.checked)}
        />
      )}
      {!tenant && (
        <Fieldset legend={t('tenants.admin')} variant="filled" data-testid="tenant-admin">
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('tenants.adminHint')}
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label={t('tenants.adminUserName')}
                description={t('users.userNameHint')}
                autoComplete="off"
                {...adminField('userName')}
              />
              <TextInput label={t('tenants.adminNickName')} autoComplete="off" {...adminField('nickName')} />
            </Group>
          </Stack>
        </Fieldset>
      )}
      <Select
        label={t('tenants.timeZone')}
        searchable
        allowDeselect={false}
        data={timeZones}
        value={settings.timeZone}
        onChange={(value) => value && set('timeZone', value)}
        error={errors['settings.timeZone']}
      />
      <Group grow>
        <TextInput
          label={t('tenants.country')}
          value={settings.country ?? ''}
          onChange={(e) => set('country', e.currentTarget.value || undefined)}
          error={errors['settings.country']}
        />
        <TextInput
          label={t('tenants.currencyUnit')}
          value={settings.currencyUnit ?? ''}
          onChange={(e) => set('currencyUnit', e.currentTarget.value || undefined)}
          error={errors['settings.currencyUnit']}
        />
      </Group>
      <Select
        label={t('tenants.accountNoGenMode')}
        allowDeselect={false}
        data={GEN_MODES.map((m) => ({ value: m, label: t(`tenants.accountNoGenModes.${m}`) }))}
        value={settings.accountNoGenMode}
        onChange={(value) => value && set('accountNoGenMode', value as TenantSettings['accountNoGenMode'])}
      />
      <Switch
        label={t('tenants.openAccountCloseValve')}
        checked={settings.openAccountCloseValve}
        onChange={(e) => set('openAccountCloseValve', e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
