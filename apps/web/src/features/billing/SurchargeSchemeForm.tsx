import {
  type ChargingItemBody,
  DEDUCTION_FREQUENCIES,
  DEDUCTION_METHODS,
  type DeductionFrequency,
  type DeductionMethod,
  FEE_TYPES,
  type FeeType,
  type SurchargeSchemeBody,
  type SurchargeSchemeView,
  type SurchargeStatus,
  surchargeSchemeBodySchema,
  type UpdateSurchargeSchemeBody,
  updateSurchargeSchemeBodySchema,
} from '@hydrolog/schemas';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { validate } from '../../lib/forms.ts';
import { createSurchargeScheme, updateSurchargeScheme } from './api/surcharges.ts';
import { SurchargeTrialDialog, type SurchargeTrialSource } from './SurchargeTrial.tsx';

interface SchemeValues extends Record<string, unknown> {
  surchargeSchemeId?: string;
  name: string;
  status: SurchargeStatus;
  items: ChargingItemBody[];
}

const blankItem = (): ChargingItemBody => ({
  name: '',
  feeType: 'system',
  deductionMethod: 'percentage',
  deductionRatio: 0,
  deductionAmount: 0,
  deductionFrequency: 'month',
  enabledDate: dayjs().format('YYYY-MM-DD'),
  vatRate: 0,
});

/** Creates a surcharge scheme with its charging items, or edits one whole. */
export function SurchargeSchemeForm(props: {
  scheme: SurchargeSchemeView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { scheme } = props;
  const form = useSchemaForm<SchemeValues, SurchargeSchemeBody | UpdateSurchargeSchemeBody>(
    scheme ? updateSurchargeSchemeBodySchema : surchargeSchemeBodySchema,
    scheme
      ? {
          surchargeSchemeId: scheme.surchargeSchemeId,
          name: scheme.name,
          status: scheme.status,
          items: scheme.items,
        }
      : { name: '', status: '0', items: [blankItem()] },
  );
  const { values, errors, set } = form;
  const [trial, setTrial] = useState<SurchargeTrialSource | null>(null);
  const setItem = (i: number, change: Partial<ChargingItemBody>) =>
    set(
      'items',
      values.items.map((item, j) => (j === i ? { ...item, ...change } : item)),
    );
  const number = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);

  return (
    <>
      <FormDialog
        title={scheme ? t('surcharges.editOf', { name: scheme.name }) : t('surcharges.new')}
        size="xl"
        busy={form.busy}
        testId="surcharge-form"
        onClose={props.onClose}
        onSubmit={() =>
          form.save(
            createOrUpdate<UpdateSurchargeSchemeBody, SurchargeSchemeBody>(
              scheme,
              updateSurchargeScheme,
              createSurchargeScheme,
            ),
            t('surcharges.saved'),
            props.onSaved,
          )
        }
      >
        <Group align="flex-end">
          <TextInput
            label={t('surcharges.name')}
            withAsterisk
            data-autofocus
            maxLength={100}
            style={{ flex: 1 }}
            {...form.text('name')}
          />
          <Switch
            label={t('surcharges.statuses.0')}
            checked={values.status === '0'}
            onChange={(event) => set('status', event.currentTarget.checked ? '0' : '1')}
            mb={8}
          />
        </Group>
        {errors.status && (
          <Text size="sm" c="red">
            {errors.status}
          </Text>
        )}
        <Text size="sm" fw={500}>
          {t('surcharges.items')}
        </Text>
        {errors.items && (
          <Text size="sm" c="red">
            {errors.items}
          </Text>
        )}
        {values.items.map((item, i) => {
          const label = t('surcharges.item', { n: i + 1 });
          const error = (field: string) => errors[`items.${i}.${field}`];
          return (
            <Fieldset key={i} legend={label} aria-label={label} role="group">
              <Group align="flex-start" grow>
                <TextInput
                  label={t('surcharges.itemName')}
                  withAsterisk
                  maxLength={50}
                  value={item.name}
                  onChange={(event) => setItem(i, { name: event.currentTarget.value })}
                  error={error('name')}
                />
                <Select
                  label={t('surcharges.feeType')}
                  allowDeselect={false}
                  data={FEE_TYPES.map((value) => ({ value, label: t(`surcharges.feeTypes.${value}`) }))}
                  value={item.feeType}
                  onChange={(value) => setItem(i, { feeType: value as FeeType })}
                />
                <Select
                  label={t('surcharges.deductionMethod')}
                  allowDeselect={false}
                  data={DEDUCTION_METHODS.map((value) => ({
                    value,
                    label: t(`surcharges.deductionMethods.${value}`),
                  }))}
                  value={item.deductionMethod}
                  onChange={(value) => setItem(i, { deductionMethod: value as DeductionMethod })}
                />
              </Group>
              <Group align="flex-start" grow mt="xs">
                {item.deductionMethod === 'percentage' ? (
                  <NumberInput
                    label={t('surcharges.deductionRatio')}
                    min={0}
                    max={100}
                    decimalScale={2}
                    value={item.deductionRatio ?? 0}
                    onChange={(value) => setItem(i, { deductionRatio: number(value) })}
                    error={error('deductionRatio')}
                  />
                ) : (
                  <NumberInput
                    label={t('surcharges.deductionAmount')}
                    min={0}
                    decimalScale={2}
                    value={item.deductionAmount ?? 0}
                    onChange={(value) => setItem(i, { deductionAmount: number(value) })}
                    error={error('deductionAmount')}
                  />
                )}
                <Select
                  label={t('surcharges.deductionFrequency')}
                  allowDeselect={false}
                  data={DEDUCTION_FREQUENCIES.map((value) => ({
                    value,
                    label: t(`surcharges.deductionFrequencies.${value}`),
                  }))}
                  value={item.deductionFrequency}
                  onChange={(value) => setItem(i, { deductionFrequency: value as DeductionFrequency })}
                />
                <TextInput
                  label={t('surcharges.enabledDate')}
                  type="date"
                  value={item.enabledDate}
                  onChange={(event) => setItem(i, { enabledDate: event.currentTarget.value })}
                  error={error('enabledDate')}
                />
                <NumberInput
                  label={t('surcharges.vatRate')}
                  min={0}
                  max={99.99}
                  decimalScale={2}
                  value={item.vatRate ?? 0}
                  onChange={(value) => setItem(i, { vatRate: number(value) })}
                  error={error('vatRate')}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  style={{ flexGrow: 0 }}
                  disabled={values.items.length === 1}
                  aria-label={t('surcharges.removeItem', { n: i + 1 })}
                  onClick={() =>
                    set(
                      'items',
                      values.items.filter((_, j) => j !== i),
                    )
                  }
                >
                  <Icon name="trash" />
                </ActionIcon>
              </Group>
            </Fieldset>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<Icon name="plus" />}
            onClick={() => set('items', [...values.items, blankItem()])}
          >
            {t('surcharges.addItem')}
          </Button>
          <Button
            variant="light"
            leftSection={<Icon name="coin" />}
            onClick={() => {
              // The items as typed, checked by the form's schema.
              const checked = validate(surchargeSchemeBodySchema, values);
              form.setErrors(checked.errors ?? {});
              if (checked.data) setTrial({ name: checked.data.name, items: checked.data.items });
            }}
          >
            {t('surcharges.trial')}
          </Button>
        </Group>
      </FormDialog>
      {/* Beside the form, not in it: a submit of the trial must not bubble to the scheme's form. */}
      {trial && <SurchargeTrialDialog source={trial} onClose={() => setTrial(null)} />}
    </>
  );
}
