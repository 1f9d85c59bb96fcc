import {
  FLOW_METER_KINDS,
  type FlowMeterBody,
  type FlowMeterFields,
  type FlowMeterView,
  flowMeterBodySchema,
  flowMeterFieldsSchema,
  POWER_SUPPLIES,
  REMOTE_COMMUNICATIONS,
} from '@hydrolog/schemas';
import { Checkbox, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { MeterTypeSelect } from '../meters/index.ts';
import { createFlowMeter, getFlowMeter, updateFlowMeter } from './api/flowMeters.ts';

interface Props {
  /** The flow meter to edit; null to register one. */
  flowMeter: FlowMeterView | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  kind: FlowMeterFields['kind'];
  meterAddress: string;
  meterTypeId: string;
  rtuAddress: string;
  installationPosition: string;
  caliber: number;
  manufacturer: string;
  communicationMode: FlowMeterFields['communicationMode'];
  powerSupplyMode: FlowMeterFields['powerSupplyMode'];
  dailyFreeze: boolean;
}

const valuesOf = (meter: FlowMeterView | null): Values => ({
  kind: meter?.kind ?? 'district',
  meterAddress: meter?.meterAddress ?? '',
  meterTypeId: meter?.meterTypeId ?? '',
  rtuAddress: meter?.rtuAddress ?? '',
  installationPosition: meter?.installationPosition ?? '',
  caliber: meter?.caliber ?? 100,
  manufacturer: meter?.manufacturer ?? '',
  communicationMode: meter?.communicationMode ?? 'nbiot',
  powerSupplyMode: meter?.powerSupplyMode ?? 'battery',
  dailyFreeze: meter?.dailyFreeze ?? true,
});

/** Register or edit a flow meter; its meter address and type stay once registered (they are its meter's). */
export function FlowMeterForm({ flowMeter, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  // An edit checks the fields it sends; the address and type are shown, not sent.
  const form = useSchemaForm<Values, FlowMeterFields & Partial<FlowMeterBody>>(
    flowMeter ? flowMeterFieldsSchema : flowMeterBodySchema,
    valuesOf(flowMeter),
  );
  const [version, setVersion] = useState(flowMeter?.version ?? 0);
  useFreshRecord(
    flowMeter,
    (shown) => getFlowMeter(shown.flowMeterId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    await form.save(
      async ({ meterAddress, meterTypeId, ...fields }) => {
        if (flowMeter) await updateFlowMeter({ ...fields, flowMeterId: flowMeter.flowMeterId, version });
        // A new flow meter was checked with the body schema, which requires both.
        else if (meterAddress && meterTypeId) await createFlowMeter({ ...fields, meterAddress, meterTypeId });
      },
      t('flowMeters.saved'),
      onSaved,
    );
  }

  const options = <V extends string>(values: readonly V[], group: string) =>
    values.map((value) => ({ value, label: t(`flowMeters.${group}.${value}` as 'flowMeters.kinds.bulk') }));

  return (
    <FormDialog
      title={t(flowMeter ? 'flowMeters.edit' : 'flowMeters.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      testId="flow-meter-form"
    >
      <SegmentedField
        label={t('flowMeters.kind')}
        options={options(FLOW_METER_KINDS, 'kinds')}
        value={form.values.kind}
        onChange={(value) => form.set('kind', value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('flowMeters.meterAddress')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          inputMode="numeric"
          maxLength={13}
          disabled={flowMeter !== null}
          {...form.text('meterAddress')}
        />
        <TextInput
          label={t('flowMeters.rtuAddress')}
          withAsterisk
          autoComplete="off"
          inputMode="numeric"
          maxLength={10}
          {...form.text('rtuAddress')}
        />
        <MeterTypeSelect
          label={t('flowMeters.meterType')}
          description={t('flowMeters.meterTypeHint')}
          disabled={flowMeter !== null}
          value={form.values.meterTypeId}
          onChange={(meterTypeId) => form.set('meterTypeId', meterTypeId)}
          error={form.errors.meterTypeId}
        />
        <TextInput
          label={t('flowMeters.installationPosition')}
          withAsterisk
          autoComplete="off"
          {...form.text('installationPosition')}
        />
        <NumberInput
          label={t('flowMeters.caliber')}
          withAsterisk
          min={10}
          max={3000}
          {...form.number('caliber')}
        />
        <TextInput
          label={t('flowMeters.manufacturer')}
          withAsterisk
          autoComplete="off"
          {...form.text('manufacturer')}
        />
        <Select
          label={t('flowMeters.communicationMode')}
          withAsterisk
          allowDeselect={false}
          data={options(REMOTE_COMMUNICATIONS, 'communicationModes')}
          value={form.values.communicationMode}
          onChange={(v) => v && form.set('communicationMode', v as Values['communicationMode'])}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('flowMeters.powerSupplyMode')}
          withAsterisk
          allowDeselect={false}
          data={options(POWER_SUPPLIES, 'powerSupplyModes')}
          value={form.values.powerSupplyMode}
          onChange={(v) => v && form.set('powerSupplyMode', v as Values['powerSupplyMode'])}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Checkbox
        label={t('flowMeters.dailyFreeze')}
        checked={form.values.dailyFreeze}
        onChange={(event) => form.set('dailyFreeze', event.currentTarget.checked)}
      />
    </FormDialog>
  );
}
