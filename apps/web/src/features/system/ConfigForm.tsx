import { type ConfigView, configBodySchema, updateConfigBodySchema } from '@hydrolog/schemas';
import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createConfig, getConfig, updateConfig } from './api/settings.ts';

interface Props {
  /** The parameter to edit; null to create one. */
  config: ConfigView | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  configId?: string;
  configName: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark: string;
}

const valuesOf = (config: ConfigView | null): Values => ({
  configId: config?.configId,
  configName: config?.configName ?? '',
  configKey: config?.configKey ?? '',
  configValue: config?.configValue ?? '',
  configType: config?.configType ?? 'N',
  remark: config?.remark ?? '',
});

/** Create or edit a system parameter. */
export function ConfigForm({ config, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(
    config ? updateConfigBodySchema : configBodySchema,
    valuesOf(config),
  );
  const { setValues } = form;

  useEffect(() => {
    if (!config) return;
    getConfig(config.configId).then(
      (fresh) => setValues(valuesOf(fresh)),
      () => undefined,
    );
  }, [config, setValues]);

  async function submit() {
    const saved = await form.submit(async (data) => {
      if (config) await updateConfig(data as Parameters<typeof updateConfig>[0]);
      else await createConfig(data as Parameters<typeof createConfig>[0]);
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('configs.saved') });
    onSaved();
  }

  return (
    <FormDialog
      title={t(config ? 'configs.edit' : 'configs.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('configs.configName')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('configName')}
      />
      <TextInput
        label={t('configs.configKey')}
        description={t('configs.configKeyHint')}
        withAsterisk
        autoComplete="off"
        {...form.text('configKey')}
      />
      <Textarea
        label={t('configs.configValue')}
        autosize
        minRows={1}
        maxRows={5}
        {...form.text('configValue')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('configs.configType')}
        </Text>
        <SegmentedControl
          aria-label={t('configs.configType')}
          data={(['Y', 'N'] as const).map((v) => ({ value: v, label: t(`configs.configTypes.${v}`) }))}
          value={form.values.configType}
          onChange={(value) => form.set('configType', value === 'Y' ? 'Y' : 'N')}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <Textarea label={t('configs.remark')} autosize minRows={2} maxRows={5} {...form.text('remark')} />
    </FormDialog>
  );
}
