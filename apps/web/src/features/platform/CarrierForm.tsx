import {
  type CarrierView,
  carrierBodySchema,
  countryByCode,
  updateCarrierBodySchema,
} from '@hydrolog/schemas';
import { Group, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createCarrier, updateCarrier } from './api/platform.ts';
import { COUNTRY_OPTIONS } from './platformQuery.ts';

interface Values extends Record<string, unknown> {
  carrierId?: string;
  carrierName: string;
  country: string;
  areaCode: string;
  smsLength: number | '';
  remark: string;
}

/** Add or change a carrier; picking the country fills in its dial code. */
export function CarrierForm({
  carrier,
  onClose,
  onSaved,
}: {
  carrier: CarrierView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(carrier ? updateCarrierBodySchema : carrierBodySchema, {
    carrierId: carrier?.carrierId,
    carrierName: carrier?.carrierName ?? '',
    country: carrier?.country ?? '',
    areaCode: carrier?.areaCode ?? '',
    smsLength: carrier?.smsLength ?? '',
    remark: carrier?.remark ?? '',
  });

  async function submit() {
    await form.save(createOrUpdate(carrier, updateCarrier, createCarrier), t('carriers.saved'), onSaved);
  }

  return (
    <FormDialog
      title={t(carrier ? 'carriers.edit' : 'carriers.new')}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('carriers.carrierName')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('carrierName')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('carriers.country')}
          withAsterisk
          searchable
          data={COUNTRY_OPTIONS}
          value={form.values.country || null}
          onChange={(value) => {
            form.set('country', value ?? '');
            const dialCode = value ? countryByCode(value)?.dialCode : undefined;
            if (dialCode) form.set('areaCode', dialCode);
          }}
          error={form.errors.country}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('carriers.areaCode')}
          withAsterisk
          autoComplete="off"
          {...form.text('areaCode')}
        />
      </Group>
      <NumberInput
        label={t('carriers.smsLength')}
        withAsterisk
        min={1}
        max={1000}
        allowDecimal={false}
        allowNegative={false}
        value={form.values.smsLength}
        onChange={(value) => form.set('smsLength', typeof value === 'number' ? value : '')}
        error={form.errors.smsLength}
      />
      <Textarea label={t('carriers.remark')} autosize minRows={2} {...form.text('remark')} />
    </FormDialog>
  );
}
