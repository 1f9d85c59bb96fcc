import { type MeterTypeBody, type MeterTypeView, meterTypeBodySchema } from '@hydrolog/schemas';
import { Group, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { BILLING_MODES, CARD_KINDS, COMMUNICATIONS } from '../../lib/meterQuery.ts';
import { createMeterType, getMeterType, updateMeterType } from './api/meters.ts';

interface Props {
  /** The type to edit; null to create one. */
  meterType: MeterTypeView | null;
  onClose(): void;
  onSaved(): void;
}

type Values = MeterTypeBody & Record<string, unknown>;

const valuesOf = (type: MeterTypeView | null): Values => ({
  name: type?.name ?? '',
  billingMode: type?.billingMode ?? 'postpaid',
  valveControl: type?.valveControl ?? true,
  communication: type?.communication ?? 'nbiot',
  cardKind: type?.cardKind ?? 'none',
  reportIntervalMinutes: type?.reportIntervalMinutes ?? 24 * 60,
});

/** Create or edit a meter type; validated in the browser with the server's schema. */
export function MeterTypeForm({ meterType, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, MeterTypeBody>(meterTypeBodySchema, valuesOf(meterType));
  const [version, setVersion] = useState(meterType?.version ?? 0);

  useFreshRecord(
    meterType,
    (shown) => getMeterType(shown.meterTypeId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    await form.save(
      (data) =>
        meterType
          ? updateMeterType({ ...data, meterTypeId: meterType.meterTypeId, version })
          : createMeterType(data),
      t('meterTypes.saved'),
      onSaved,
    );
  }

  const options = <K extends string>(values: readonly K[], label: (value: K) => string) =>
    values.map((v) => ({ value: v, label: label(v) }));

  return (
    <FormDialog
      title={t(meterType ? 'meterTypes.edit' : 'meterTypes.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('meterTypes.name')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        maxLength={50}
        {...form.text('name')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('meterTypes.billingMode')}
          withAsterisk
          allowDeselect={false}
          data={options(BILLING_MODES, (m) => t(`meterTypes.billingModes.${m}`))}
          value={form.values.billingMode}
          onChange={(v) => form.set('billingMode', BILLING_MODES.find((m) => m === v) ?? 'postpaid')}
          error={form.errors.billingMode}
        />
        <Select
          label={t('meterTypes.communication')}
          withAsterisk
          allowDeselect={false}
          data={options(COMMUNICATIONS, (m) => t(`meterTypes.communications.${m}`))}
          value={form.values.communication}
          onChange={(v) => form.set('communication', COMMUNICATIONS.find((m) => m === v) ?? 'nbiot')}
          error={form.errors.communication}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('meterTypes.cardKind')}
          withAsterisk
          allowDeselect={false}
          data={options(CARD_KINDS, (m) => t(`meterTypes.cardKinds.${m}`))}
          value={form.values.cardKind}
          onChange={(v) => form.set('cardKind', CARD_KINDS.find((m) => m === v) ?? 'none')}
          error={form.errors.cardKind}
        />
        <NumberInput
          label={t('meterTypes.reportInterval')}
          description={t('meterTypes.reportIntervalHint')}
          withAsterisk
          min={1}
          max={10080}
          allowDecimal={false}
          allowNegative={false}
          {...form.number('reportIntervalMinutes')}
        />
      </Group>
      <Switch
        label={t('meterTypes.valveControl')}
        checked={form.values.valveControl}
        onChange={(e) => form.set('valveControl', e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
