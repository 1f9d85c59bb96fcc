import {
  type IssueLike,
  type MeterBody,
  type MeterView,
  meterBodySchema,
  meterFieldsSchema,
  type PeakPeriod,
} from '@hydrolog/schemas';
import {
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { DATA_SOURCES } from '../../lib/meterQuery.ts';
import { createMeter, getMeter, updateMeter } from './api/meters.ts';
import { MeterTypeSelect } from './MeterTypeSelect.tsx';

interface Props {
  /** The meter to edit; null to register one. */
  meter: MeterView | null;
  onClose(): void;
  onSaved(): void;
}

/** A number input's value: '' while empty. */
type Num = number | '';
interface PeakValues {
  enabled: boolean;
  start: string;
  end: string;
  zeroWaterThreshold: Num;
}
interface Values extends Record<string, unknown> {
  meterNo: string;
  meterTypeId: string;
  imei: string;
  sim: string;
  key: string;
  initialReading: Num;
  mechanicalReading: Num;
  zeroWaterThreshold: Num;
  storageDate: string;
  dataSource: string;
  lng: Num;
  lat: Num;
  peaks: PeakValues[];
}

const PEAK_SLOTS = 3;
const emptyPeak: PeakValues = { enabled: false, start: '', end: '', zeroWaterThreshold: '' };

const valuesOf = (meter: MeterView | null): Values => ({
  meterNo: meter?.meterNo ?? '',
  meterTypeId: meter?.meterTypeId ?? '',
  imei: meter?.imei ?? '',
  sim: meter?.sim ?? '',
  key: '',
  initialReading: meter?.initialReading ?? 0,
  mechanicalReading: meter?.mechanicalReading ?? '',
  zeroWaterThreshold: meter?.zeroWaterThreshold ?? '',
  storageDate: meter?.storageDate ?? '',
  dataSource: meter?.dataSource ?? '',
  lng: meter?.lng ?? '',
  lat: meter?.lat ?? '',
  peaks: Array.from({ length: PEAK_SLOTS }, (_, i) => {
    const peak = meter?.peaks[i];
    return peak ? { ...peak, zeroWaterThreshold: peak.zeroWaterThreshold ?? '' } : emptyPeak;
  }),
});

const optional = <T,>(value: T | '') => (value === '' ? undefined : value);
/** The peak slots that are filled in, with their slot number (errors go back to the right slot). */
const filledPeaks = (peaks: PeakValues[]) =>
  peaks.map((p, slot) => ({ ...p, slot })).filter((p) => p.enabled || p.start || p.end);

/** The request body of the form: blank optional fields are left out. */
function bodyOf(values: Values): MeterBody {
  return {
    meterNo: values.meterNo.trim(),
    meterTypeId: values.meterTypeId,
    imei: optional(values.imei.trim()),
    sim: optional(values.sim.trim()),
    key: optional(values.key.trim()),
    initialReading: values.initialReading === '' ? 0 : values.initialReading,
    mechanicalReading: optional(values.mechanicalReading),
    zeroWaterThreshold: optional(values.zeroWaterThreshold),
    storageDate: optional(values.storageDate),
    dataSource: optional(values.dataSource) as MeterBody['dataSource'],
    lng: optional(values.lng),
    lat: optional(values.lat),
    peaks: filledPeaks(values.peaks).map(
      ({ slot: _, ...p }): PeakPeriod => ({ ...p, zeroWaterThreshold: optional(p.zeroWaterThreshold) }),
    ),
  };
}

/** The shared schema applied to the form's body; a peak's error is put under its slot. */
function formSchema(editing: boolean) {
  return {
    safeParse(values: unknown) {
      const form = values as Values;
      const body = bodyOf(form);
      // An edit keeps the number: only the changeable fields are checked.
      const parsed = editing ? meterFieldsSchema.safeParse(body) : meterBodySchema.safeParse(body);
      if (parsed.success) return { success: true as const, data: body };
      const slots = filledPeaks(form.peaks).map((p) => p.slot);
      const issues: IssueLike[] = parsed.error.issues.map((issue) =>
        issue.path[0] === 'peaks' && typeof issue.path[1] === 'number'
          ? { ...issue, path: ['peaks', slots[issue.path[1]] ?? issue.path[1], ...issue.path.slice(2)] }
          : issue,
      );
      return { success: false as const, error: { issues } };
    },
  };
}

/** Register or edit a meter with every field of the spec's Meter entity; the number stays once registered. */
export function MeterForm({ meter, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, MeterBody>(formSchema(meter !== null), valuesOf(meter));
  const [version, setVersion] = useState(meter?.version ?? 0);
  useFreshRecord(
    meter,
    (shown) => getMeter(shown.meterId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    await form.save(
      ({ meterNo: _, ...fields }) =>
        meter
          ? updateMeter({ ...fields, meterId: meter.meterId, version })
          : createMeter({ meterNo: form.values.meterNo.trim(), ...fields }),
      t('meters.saved'),
      onSaved,
    );
  }

  const number = (key: 'initialReading' | 'mechanicalReading' | 'zeroWaterThreshold' | 'lng' | 'lat') => ({
    value: form.values[key],
    onChange: (v: string | number) => form.set(key, typeof v === 'number' ? v : ''),
    error: form.errors[key],
  });
  const setPeak = (slot: number, change: Partial<PeakValues>) =>
    form.set(
      'peaks',
      form.values.peaks.map((p, i) => (i === slot ? { ...p, ...change } : p)),
    );

  return (
    <FormDialog
      title={t(meter ? 'meters.edit' : 'meters.new')}
      size="xl"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('meters.meterNo')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          inputMode="numeric"
          maxLength={32}
          disabled={meter !== null}
          {...form.text('meterNo')}
        />
        <MeterTypeSelect
          label={t('meters.type')}
          value={form.values.meterTypeId}
          onChange={(meterTypeId) => form.set('meterTypeId', meterTypeId)}
          error={form.errors.meterTypeId}
        />
        <TextInput label={t('meters.imei')} maxLength={15} inputMode="numeric" {...form.text('imei')} />
        <TextInput label={t('meters.sim')} maxLength={20} {...form.text('sim')} />
        <PasswordInput
          label={t('meters.key')}
          description={meter?.hasKey ? t('meters.keyKept') : undefined}
          autoComplete="new-password"
          maxLength={64}
          {...form.text('key')}
        />
        <Select
          label={t('meters.dataSource')}
          clearable
          data={DATA_SOURCES.map((v) => ({ value: v, label: t(`meters.dataSources.${v}`) }))}
          value={form.values.dataSource || null}
          onChange={(v) => form.set('dataSource', v ?? '')}
        />
        <NumberInput
          label={t('meters.initialReading')}
          min={0}
          decimalScale={3}
          {...number('initialReading')}
        />
        <NumberInput
          label={t('meters.mechanicalReading')}
          min={0}
          decimalScale={3}
          {...number('mechanicalReading')}
        />
        <NumberInput
          label={t('meters.zeroWaterThreshold')}
          min={0}
          allowDecimal={false}
          {...number('zeroWaterThreshold')}
        />
        <TextInput label={t('meters.storageDate')} type="date" {...form.text('storageDate')} />
        <NumberInput label={t('meters.lng')} min={-180} max={180} decimalScale={6} {...number('lng')} />
        <NumberInput label={t('meters.lat')} min={-90} max={90} decimalScale={6} {...number('lat')} />
      </SimpleGrid>
      <Fieldset legend={t('meters.peaks')}>
        <Stack gap="xs">
          {form.values.peaks.map((peak, slot) => (
            // The three slots are fixed: the slot number is the peak period's identity.
            <Group key={slot} align="flex-end" wrap="nowrap" data-testid={`peak-${slot + 1}`}>
              <Switch
                label={t('meters.peakOf', { n: slot + 1 })}
                checked={peak.enabled}
                onChange={(e) => setPeak(slot, { enabled: e.currentTarget.checked })}
                w={150}
              />
              <TextInput
                label={t('meters.peakStart')}
                type="time"
                value={peak.start}
                onChange={(e) => setPeak(slot, { start: e.currentTarget.value })}
                error={form.errors[`peaks.${slot}.start`]}
              />
              <TextInput
                label={t('meters.peakEnd')}
                type="time"
                value={peak.end}
                onChange={(e) => setPeak(slot, { end: e.currentTarget.value })}
                error={form.errors[`peaks.${slot}.end`]}
              />
              <NumberInput
                label={t('meters.peakZeroWater')}
                min={0}
                allowDecimal={false}
                value={peak.zeroWaterThreshold}
                onChange={(v) => setPeak(slot, { zeroWaterThreshold: typeof v === 'number' ? v : '' })}
                error={form.errors[`peaks.${slot}.zeroWaterThreshold`]}
              />
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            {t('meters.peaksHint')}
          </Text>
        </Stack>
      </Fieldset>
    </FormDialog>
  );
}
