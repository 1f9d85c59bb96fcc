import { type ConfigView, configBodySchema, updateConfigBodySchema } from '@hydrolog/schemas';
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
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
  useFreshRecord(
    config,
    (shown) => getConfig(shown.configId),
    (fresh) => form.refresh(valuesOf(fresh)),
  );

  async function submit() {
    await form.save(createOrUpdate(config, updateConfig, createConfig), t('configs.saved'), onSaved);
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
      <SegmentedField
        label={t('configs.configType')}
        options={(['Y', 'N'] as const).map((v) => ({ value: v, label: t(`configs.configTypes.${v}`) }))}
        value={form.values.configType}
        onChange={(value) => form.set('configType', value)}
      />
      <Textarea label={t('configs.remark')} autosize minRows={2} maxRows={5} {...form.text('remark')} />
    </FormDialog>
  );
}
