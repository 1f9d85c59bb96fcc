import {
  DEVICE_PAGE_TYPES,
  DEVICE_STATUSES,
  type DeviceFields,
  type DeviceView,
  deviceBodySchema,
} from '@hydrolog/schemas';
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createDevice, getDevice, updateDevice } from './api/devices.ts';
import { LocationPicker } from './LocationPicker.tsx';
import { useDeviceRegionOptions } from './useDeviceRegions.ts';

interface Props {
  /** The device to edit; null to add one. */
  device: DeviceView | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceFields['deviceType'];
  status: DeviceFields['status'];
  manufacturer: string;
  address: string;
  /** Empty until the location is picked or typed. */
  longitude: number | '';
  latitude: number | '';
  mapType: DeviceFields['mapType'];
  regionId: string | null;
}

const valuesOf = (device: DeviceView | null): Values => ({
  deviceCode: device?.deviceCode ?? '',
  deviceName: device?.deviceName ?? '',
  deviceType: device?.deviceType ?? 'largeMeter',
  status: device?.status ?? 'notInstalled',
  manufacturer: device?.manufacturer ?? '',
  address: device?.address ?? '',
  longitude: device?.longitude ?? '',
  latitude: device?.latitude ?? '',
  mapType: device?.mapType ?? 0,
  regionId: device?.regionId ?? null,
});

/** Add or edit a device: its id, name, type, state, maker, address, region and the location picked on the map. */
export function DeviceForm({ device, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const regions = useDeviceRegionOptions();
  const form = useSchemaForm<Values, DeviceFields>(deviceBodySchema, valuesOf(device));
  const [version, setVersion] = useState(device?.version ?? 0);
  useFreshRecord(
    device,
    (shown) => getDevice(shown.deviceId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    await form.save(
      async (fields) => {
        if (device) await updateDevice({ ...fields, deviceId: device.deviceId, version });
        else await createDevice(fields);
      },
      t('devices.saved'),
      onSaved,
    );
  }

  const coordinate = (name: 'longitude' | 'latitude') => (
    <NumberInput
      label={t(`devices.${name}`)}
      withAsterisk
      decimalScale={6}
      value={form.values[name]}
      onChange={(v) => form.set(name, typeof v === 'number' ? v : '')}
      error={form.errors[name]}
    />
  );
  const { longitude, latitude } = form.values;
  const picked: [number, number] | null =
    typeof longitude === 'number' && typeof latitude === 'number' ? [longitude, latitude] : null;

  return (
    <FormDialog
      title={t(device ? 'devices.edit' : 'devices.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      testId="device-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('devices.deviceCode')}
            withAsterisk
            data-autofocus
            autoComplete="off"
            maxLength={50}
            {...form.text('deviceCode')}
          />
          <TextInput
            label={t('devices.deviceName')}
            withAsterisk
            autoComplete="off"
            maxLength={50}
            {...form.text('deviceName')}
          />
          <Select
            label={t('devices.deviceType')}
            withAsterisk
            allowDeselect={false}
            data={DEVICE_PAGE_TYPES.map((value) => ({ value, label: t(`devices.types.${value}`) }))}
            description={t('devices.concentratorsHint')}
            value={form.values.deviceType}
            onChange={(v) => v && form.set('deviceType', v as Values['deviceType'])}
            error={form.errors.deviceType}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('devices.status')}
            withAsterisk
            allowDeselect={false}
            data={DEVICE_STATUSES.map((value) => ({ value, label: t(`devices.statuses.${value}`) }))}
            value={form.values.status}
            onChange={(v) => v && form.set('status', v as Values['status'])}
            error={form.errors.status}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('devices.manufacturer')}
            autoComplete="off"
            maxLength={50}
            {...form.text('manufacturer')}
          />
          <Select
            label={t('devices.region')}
            placeholder={t('devices.noRegion')}
            clearable
            searchable
            data={regions}
            value={form.values.regionId}
            onChange={(v) => form.set('regionId', v)}
            error={form.errors.regionId}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <TextInput
          label={t('devices.address')}
          autoComplete="off"
          maxLength={100}
          {...form.text('address')}
        />
        <LocationPicker
          value={picked}
          error={form.errors.longitude ?? form.errors.latitude}
          onPick={([lng, lat], mapType) => {
            form.set('longitude', lng);
            form.set('latitude', lat);
            form.set('mapType', mapType);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {coordinate('longitude')}
          {coordinate('latitude')}
          <SegmentedField
            label={t('devices.mapType')}
            options={[0, 1].map((n) => ({
              value: String(n),
              label: t('devices.mapTypeOption', { number: n + 1 }),
            }))}
            value={String(form.values.mapType)}
            onChange={(v) => form.set('mapType', Number(v) as Values['mapType'])}
          />
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
