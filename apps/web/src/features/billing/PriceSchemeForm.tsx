import {
  CHARGING_MODELS,
  type ChargingModel,
  type PriceSchemeBody,
  type PriceSchemeView,
  type PriceStep,
  priceSchemeBodySchema,
  UNLIMITED,
  type UpdatePriceSchemeBody,
  updatePriceSchemeBodySchema,
} from '@hydrolog/schemas';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
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
import { createPriceScheme, revisePriceScheme } from './api/billing.ts';
import { PriceTrialDialog, type TrialSource } from './PriceTrial.tsx';
import { shapedSteps, withStepAdded } from './priceSteps.ts';

interface SchemeValues extends Record<string, unknown> {
  priceSchemeId?: string;
  name: string;
  accumulationCycle: number;
  billingCycle: number;
  startTime: string;
  vatRate: number;
  chargingModel: ChargingModel;
  standingCharge: number;
  steps: PriceStep[];
  effectiveFrom?: string;
}

/** A new scheme: a yearly ladder billed monthly, with one unlimited step to start from. */
const BLANK: SchemeValues = {
  name: '',
  accumulationCycle: 12,
  billingCycle: 1,
  startTime: dayjs().startOf('month').format('YYYY-MM-DD'),
  vatRate: 0,
  chargingModel: 'tiered',
  standingCharge: 0,
  steps: [{ startVolume: 0, endVolume: UNLIMITED, unitPrice: 1 }],
};

/** Creates a scheme, or changes the prices of one from a date on (its start date and cycles stay). */
export function PriceSchemeForm(props: { scheme: PriceSchemeView | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { scheme } = props;
  const form = useSchemaForm<SchemeValues, PriceSchemeBody | UpdatePriceSchemeBody>(
    scheme ? updatePriceSchemeBodySchema : priceSchemeBodySchema,
    scheme
      ? {
          priceSchemeId: scheme.priceSchemeId,
          name: scheme.name,
          accumulationCycle: scheme.accumulationCycle,
          billingCycle: scheme.billingCycle,
          startTime: scheme.startTime,
          vatRate: scheme.vatRate,
          chargingModel: scheme.chargingModel,
          standingCharge: scheme.standingCharge,
          steps: scheme.steps,
          effectiveFrom: dayjs().add(1, 'month').startOf('month').format('YYYY-MM-DD'),
        }
      : BLANK,
  );
  const { values, errors, set } = form;
  const [trial, setTrial] = useState<TrialSource | null>(null);
  const setSteps = (steps: PriceStep[]) => set('steps', shapedSteps(steps));
  const setStep = (i: number, change: Partial<PriceStep>) =>
    setSteps(values.steps.map((step, j) => (j === i ? { ...step, ...change } : step)));
  const setModel = (model: ChargingModel) => {
    set('chargingModel', model);
    // A flat price is one unlimited step: the first step's price stays.
    if (model === 'flat') setSteps(values.steps.slice(0, 1));
  };

  async function submit() {
    await form.save(
      createOrUpdate<UpdatePriceSchemeBody, PriceSchemeBody>(scheme, revisePriceScheme, createPriceScheme),
      t('priceSchemes.saved'),
      props.onSaved,
    );
  }

  return (
    <>
      <FormDialog
        title={scheme ? t('priceSchemes.editOf', { name: scheme.name }) : t('priceSchemes.new')}
        size="xl"
        busy={form.busy}
        testId="price-scheme-form"
        onClose={props.onClose}
        onSubmit={submit}
      >
        <TextInput
          label={t('priceSchemes.name')}
          withAsterisk
          data-autofocus
          maxLength={20}
          {...form.text('name')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('priceSchemes.accumulationCycle')}
            min={1}
            allowDecimal={false}
            disabled={scheme !== null}
            {...form.number('accumulationCycle')}
          />
          <NumberInput
            label={t('priceSchemes.billingCycle')}
            min={1}
            allowDecimal={false}
            disabled={scheme !== null}
            {...form.number('billingCycle')}
          />
          <TextInput
            label={t('priceSchemes.startTime')}
            type="date"
            disabled={scheme !== null}
            {...form.text('startTime')}
          />
        </Group>
        {scheme && (
          <TextInput
            label={t('priceSchemes.effectiveFrom')}
            description={t('priceSchemes.effectiveFromHint')}
            type="date"
            withAsterisk
            {...form.text('effectiveFrom')}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('priceSchemes.chargingModel')}
          </Text>
          <SegmentedControl
            value={values.chargingModel}
            onChange={(value) => setModel(value as ChargingModel)}
            data={CHARGING_MODELS.map((value) => ({
              value,
              label: t(`priceSchemes.chargingModels.${value}`),
            }))}
          />
        </Stack>
        <Group grow align="flex-start">
          <NumberInput
            label={t('priceSchemes.standingCharge')}
            min={0}
            decimalScale={2}
            {...form.number('standingCharge')}
          />
          <NumberInput
            label={t('priceSchemes.vatRate')}
            min={0}
            max={99.99}
            decimalScale={2}
            {...form.number('vatRate')}
          />
        </Group>
        <StepsEditor
          steps={values.steps}
          errors={errors}
          flat={values.chargingModel === 'flat'}
          onStep={setStep}
          onSteps={setSteps}
        />
        <Group>
          <Button
            variant="light"
            leftSection={<Icon name="coin" />}
            onClick={() => {
              // The prices as typed, checked by the form's schema (a change's own fields left out).
              const checked = validate(priceSchemeBodySchema, values);
              form.setErrors(checked.errors ?? {});
              if (checked.data) setTrial({ name: checked.data.name, scheme: checked.data });
            }}
          >
            {t('priceSchemes.trial')}
          </Button>
        </Group>
      </FormDialog>
      {/* Beside the form, not in it: a submit of the trial must not bubble to the scheme's form. */}
      {trial && <PriceTrialDialog source={trial} onClose={() => setTrial(null)} />}
    </>
  );
}

function StepsEditor(props: {
  steps: PriceStep[];
  errors: Record<string, string | undefined>;
  flat: boolean;
  onStep(i: number, change: Partial<PriceStep>): void;
  onSteps(steps: PriceStep[]): void;
}) {
  const { t } = useTranslation();
  const { steps, errors } = props;
  const amount = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);
  return (
    <Stack gap="xs" data-testid="price-steps">
      <Text size="sm" fw={500}>
        {t('priceSchemes.steps')}
      </Text>
      {errors.steps && (
        <Text size="sm" c="red">
          {errors.steps}
        </Text>
      )}
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        const label = t('priceSchemes.step', { step: i + 1 });
        return (
          <Group key={i} align="flex-end" wrap="nowrap" aria-label={label} role="group">
            <Text size="sm" w={70} pb={8}>
              {label}
            </Text>
            <NumberInput
              label={t('priceSchemes.startVolume')}
              value={step.startVolume}
              readOnly
              error={errors[`steps.${i}.startVolume`]}
            />
            {last ? (
              <TextInput
                label={t('priceSchemes.endVolume')}
                value={t('priceSchemes.unlimited')}
                readOnly
                error={errors[`steps.${i}.endVolume`]}
              />
            ) : (
              <NumberInput
                label={t('priceSchemes.endVolume')}
                min={0}
                max={999_999}
                decimalScale={3}
                value={step.endVolume}
                onChange={(value) => props.onStep(i, { endVolume: amount(value) })}
                error={errors[`steps.${i}.endVolume`]}
              />
            )}
            <NumberInput
              label={t('priceSchemes.unitPrice')}
              min={0}
              decimalScale={2}
              value={step.unitPrice}
              onChange={(value) => props.onStep(i, { unitPrice: amount(value) })}
              error={errors[`steps.${i}.unitPrice`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              disabled={steps.length === 1}
              aria-label={t('priceSchemes.removeStep', { step: i + 1 })}
              onClick={() => props.onSteps(steps.filter((_, j) => j !== i))}
            >
              <Icon name="trash" />
            </ActionIcon>
          </Group>
        );
      })}
      {!props.flat && (
        <Group>
          <Button
            variant="light"
            leftSection={<Icon name="plus" />}
            onClick={() => props.onSteps(withStepAdded(steps))}
          >
            {t('priceSchemes.addStep')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
