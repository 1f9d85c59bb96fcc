import {
  POWER_SUPPLIES,
  PRESSURE_DATA_SOURCE_NAMES,
  PRESSURE_DATA_SOURCES,
  type PressureMeterBody,
  type PressureMeterFields,
  type PressureMeterView,
  pressureMeterBodySchema,
  REMOTE_COMMUNICATIONS,
  type UpdatePressureMeterBody,
  updatePressureMeterBodySchema,
} from '@hydrolog/schemas';
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { MeterTypeSelect } from '../meters/index.ts';
import { createPressureMeter, getPressureMeter, updatePressureMeter } from './api/pressureMeters.ts';

interface Props {
  /** The pressure meter to edit; null to register one. */
  pressureMeter: PressureMeterView | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  deviceNumber: string;
  meterTypeId: string;
  monitoringSite: string;
  rtuAddress: string;
  sensorNumber: string;
  dataSource: PressureMeterFields['dataSource'];
  communicationMode: PressureMeterFields['communicationMode'];
  powerSupplyMode: PressureMeterFields['powerSupplyMode'];
  upperLimit: number | '';
  lowerLimit: number | '';
  longitude: number | '';
  latitude: number | '';
  address: string;
  installationTime: string;
}

const valuesOf = (meter: PressureMeterView | null): Values => ({
  deviceNumber: meter?.deviceNumber ?? '',
  meterTypeId: meter?.meterTypeId ?? '',
  monitoringSite: meter?.monitoringSite ?? '',
  rtuAddress: meter?.rtuAddress ?? '',
  sensorNumber: meter?.sensorNumber ?? '',
  dataSource: meter?.dataSource ?? 0,
  communicationMode: meter?.communicationMode ?? 'nbiot',
  powerSupplyMode: meter?.powerSupplyMode ?? 'battery',
  upperLimit: meter?.upperLimit ?? '',
  lowerLimit: meter?.lowerLimit ?? '',
  longitude: meter?.longitude ?? '',
  latitude: meter?.latitude ?? '',
  address: meter?.address ?? '',
  installationTime: meter?.installationTime ?? '',
});

/** The form's values as a body: an empty installation date is none. */
const bodyOf = (values: unknown) => ({
  ...(values as Values),
  installationTime: (values as Values).installationTime || null,
});

/** Register or edit a pressure meter; its device number and meter type stay once registered (they are its meter's). */
export function PressureMeterForm({ pressureMeter, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(pressureMeter?.version ?? 0);
  // An edit is checked as the update it sends (the device number and type are shown, not sent).
  const schema = pressureMeter
    ? z.preprocess(
        (values) => ({ ...bodyOf(values), pressureMeterId: pressureMeter.pressureMeterId, version }),
        updatePressureMeterBodySchema,
      )
    : z.preprocess(bodyOf, pressureMeterBodySchema);
  const form = useSchemaForm<Values, UpdatePressureMeterBody | PressureMeterBody>(
    schema,
    valuesOf(pressureMeter),
  );
  useFreshRecord(
    pressureMeter,
    (shown) => getPressureMeter(shown.pressureMeterId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    await form.save(
      createOrUpdate(pressureMeter, updatePressureMeter, createPressureMeter),
      t('pressureMeters.saved'),
      onSaved,
    );
  }

  const options = <V extends string>(values: readonly V[], group: string) =>
    values.map((value) => ({ value, label: t(`flowMeters.${group}.${value}` as 'flowMeters.kinds.bulk') }));
  const decimal = (name: 'upperLimit' | 'lowerLimit' | 'longitude' | 'latitude', label: string) => (
    <NumberInput label={label} withAsterisk decimalScale={6} {...form.number(name)} />
  );

  return (
    <FormDialog
      title={t(pressureMeter ? 'pressureMeters.edit' : 'pressureMeters.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      testId="pressure-meter-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('pressureMeters.deviceNumber')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          inputMode="numeric"
          maxLength={20}
          disabled={pressureMeter !== null}
          {...form.text('deviceNumber')}
        />
        <MeterTypeSelect
          label={t('pressureMeters.meterType')}
          description={t('pressureMeters.meterTypeHint')}
          disabled={pressureMeter !== null}
          value={form.values.meterTypeId}
          onChange={(meterTypeId) => form.set('meterTypeId', meterTypeId)}
          error={form.errors.meterTypeId}
        />
        <TextInput
          label={t('pressureMeters.monitoringSite')}
          withAsterisk
          autoComplete="off"
          {...form.text('monitoringSite')}
        />
        <TextInput
          label={t('pressureMeters.rtuAddress')}
          withAsterisk
          autoComplete="off"
          inputMode="numeric"
          maxLength={20}
          {...form.text('rtuAddress')}
        />
        <TextInput
          label={t('pressureMeters.sensorNumber')}
          autoComplete="off"
          {...form.text('sensorNumber')}
        />
        <Select
          label={t('pressureMeters.dataSource')}
          withAsterisk
          allowDeselect={false}
          data={PRESSURE_DATA_SOURCES.map((value) => ({
            value: String(value),
            label: `${value} ${t(`pressureMeters.dataSources.${PRESSURE_DATA_SOURCE_NAMES[value]}`)}`,
          }))}
          value={String(form.values.dataSource)}
          onChange={(v) => v && form.set('dataSource', Number(v) as Values['dataSource'])}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('pressureMeters.communicationMode')}
          withAsterisk
          allowDeselect={false}
          data={options(REMOTE_COMMUNICATIONS, 'communicationModes')}
          value={form.values.communicationMode}
          onChange={(v) => v && form.set('communicationMode', v as Values['communicationMode'])}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('pressureMeters.powerSupplyMode')}
          withAsterisk
          allowDeselect={false}
          data={options(POWER_SUPPLIES, 'powerSupplyModes')}
          value={form.values.powerSupplyMode}
          onChange={(v) => v && form.set('powerSupplyMode', v as Values['powerSupplyMode'])}
          comboboxProps={{ withinPortal: true }}
        />
        {decimal('upperLimit', t('pressureMeters.upperLimit'))}
        {decimal('lowerLimit', t('pressureMeters.lowerLimit'))}
        {decimal('longitude', t('pressureMeters.longitude'))}
        {decimal('latitude', t('pressureMeters.latitude'))}
        <TextInput
          label={t('pressureMeters.address')}
          withAsterisk
          autoComplete="off"
          {...form.text('address')}
        />
        <TextInput
          label={t('pressureMeters.installationTime')}
          type="date"
          {...form.text('installationTime')}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
