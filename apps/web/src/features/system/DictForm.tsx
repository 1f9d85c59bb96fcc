import {
  type DictDataView,
  dictDataBodySchema,
  LANGUAGES,
  type Language,
  updateDictDataBodySchema,
} from '@hydrolog/schemas';
import { Autocomplete, Badge, Group, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { OrderInput } from '../../components/OrderInput.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { LANGUAGE_NAMES } from '../../i18n/index.ts';
import { createDictData, type DictListClass, getDictData, updateDictData } from './api/settings.ts';
import { LIST_CLASS_COLORS, LIST_CLASSES } from './dictListClass.ts';

interface Props {
  /** The entry to edit; null to create one. */
  entry: DictDataView | null;
  /** The dictionary type a new entry starts with (the filter's). */
  dictType: string;
  /** The known dictionary types, offered while typing one. */
  types: readonly string[];
  onClose(): void;
  /** After saving: the dictionary type of the entry. */
  onSaved(dictType: string): void;
}

interface Values extends Record<string, unknown> {
  dictCode?: string;
  dictType: string;
  dictValue: string;
  labels: Record<Language, string>;
  dictSort: number;
  cssClass: string;
  listClass: DictListClass;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark: string;
}

const NO_LABELS: Record<Language, string> = { 'zh-CN': '', en: '', fr: '', id: '' };

const valuesOf = (entry: DictDataView | null, dictType: string): Values => ({
  dictCode: entry?.dictCode,
  dictType: entry?.dictType ?? dictType,
  dictValue: entry?.dictValue ?? '',
  labels: { ...NO_LABELS, ...entry?.labels },
  dictSort: entry?.dictSort ?? 0,
  cssClass: entry?.cssClass ?? '',
  listClass: entry?.listClass ?? 'default',
  isDefault: entry?.isDefault ?? 'N',
  status: entry?.status ?? '0',
  remark: entry?.remark ?? '',
});

/** Create or edit a dictionary entry: its value, its label in the four languages, its colour. */
export function DictForm({ entry, dictType, types, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(
    entry ? updateDictDataBodySchema : dictDataBodySchema,
    valuesOf(entry, dictType),
  );
  useFreshRecord(
    entry,
    (shown) => getDictData(shown.dictCode),
    (fresh) => form.refresh(valuesOf(fresh, fresh.dictType)),
  );

  async function submit() {
    await form.save(createOrUpdate(entry, updateDictData, createDictData), t('dicts.saved'), () =>
      onSaved(form.values.dictType.trim()),
    );
  }

  const setLabel = (language: Language, value: string) =>
    form.set('labels', { ...form.values.labels, [language]: value });

  return (
    <FormDialog
      title={t(entry ? 'dicts.edit' : 'dicts.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Group grow align="flex-start">
        <Autocomplete
          label={t('dicts.dictType')}
          description={t('dicts.dictTypeHint')}
          withAsterisk
          autoComplete="off"
          data={[...types]}
          value={form.values.dictType}
          onChange={(value) => form.set('dictType', value)}
          error={form.errors.dictType}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('dicts.dictValue')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.text('dictValue')}
        />
      </Group>
      <SimpleGrid cols={2}>
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={t('dicts.labelIn', { language: LANGUAGE_NAMES[language] })}
            withAsterisk
            autoComplete="off"
            value={form.values.labels[language]}
            onChange={(e) => setLabel(language, e.currentTarget.value)}
            error={form.errors[`labels.${language}`]}
          />
        ))}
      </SimpleGrid>
      <Group grow align="flex-start">
        <Select
          label={t('dicts.listClass')}
          data={LIST_CLASSES.map((c) => ({ value: c, label: t(`dicts.listClasses.${c}`) }))}
          value={form.values.listClass}
          onChange={(value) => form.set('listClass', LIST_CLASSES.find((c) => c === value) ?? 'default')}
          renderOption={({ option }) => (
            <Badge variant="light" color={LIST_CLASS_COLORS[option.value as DictListClass]} tt="none">
              {option.label}
            </Badge>
          )}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label={t('dicts.cssClass')} autoComplete="off" {...form.text('cssClass')} />
        <OrderInput label={t('dicts.dictSort')} {...form.number('dictSort')} />
      </Group>
      <Group align="flex-start" gap="xl">
        <SegmentedField
          label={t('dicts.isDefault')}
          options={(['Y', 'N'] as const).map((v) => ({ value: v, label: t(`dicts.yesNo.${v}`) }))}
          value={form.values.isDefault}
          onChange={(value) => form.set('isDefault', value)}
        />
        <SegmentedField
          label={t('dicts.status')}
          options={(['0', '1'] as const).map((s) => ({ value: s, label: t(`dicts.statuses.${s}`) }))}
          value={form.values.status}
          onChange={(value) => form.set('status', value)}
        />
      </Group>
      <Textarea label={t('dicts.remark')} autosize minRows={2} maxRows={5} {...form.text('remark')} />
    </FormDialog>
  );
}
