import { CASCADE_IMPORT_MAX, summaryMeterBodySchema } from '@hydrolog/schemas';
import { Button, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createPartition, setSummaryMeter } from './api/cascade.ts';
import { EMPTY_POINT, PointFieldInputs, usePointForm } from './PointForm.tsx';
import { SubMeterAssociation } from './SubMeters.tsx';

/** A step of the wizard that submits its fields, then moves on with Next. */
function StepForm({ busy, onSubmit, children }: { busy: boolean; onSubmit(): unknown; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SubmitForm onSubmit={onSubmit}>
      <Stack mt="md">
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('cascade.wizard.next')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

/**
 * The creation wizard, in the spec's order: create the partition (its root metering point), associate the
 * summary meter, associate sub-meters (selected, typed with English commas or imported from xlsx), done.
 */
export function PartitionWizard({ onClose }: { onClose(created: boolean): void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<{ partitionId: string; pointId: string } | null>(null);
  const form = usePointForm(EMPTY_POINT);
  const summary = useSchemaForm<{ meterNo: string }, { meterNo: string }>(
    summaryMeterBodySchema.pick({ meterNo: true }),
    {
      meterNo: '',
    },
  );
  const [subMeterCount, setSubMeterCount] = useState(0);

  async function submitPartition() {
    const ok = await form.submit(async (body) => setCreated(await createPartition(body)));
    if (ok) setStep(1);
  }
  async function submitSummary() {
    if (!created) return;
    const ok = await summary.submit(async ({ meterNo }) => {
      await setSummaryMeter(created.pointId, meterNo);
    });
    if (ok) setStep(2);
  }
  return (
    <Modal opened onClose={() => onClose(created !== null)} title={t('cascade.wizard.title')} size="xl">
      <Stepper active={step} size="sm" data-testid="partition-wizard" allowNextStepsSelect={false}>
        <Stepper.Step label={t('cascade.wizard.create')}>
          <StepForm busy={form.busy} onSubmit={submitPartition}>
            <PointFieldInputs form={form} nameLabel={t('cascade.name')} />
          </StepForm>
        </Stepper.Step>
        <Stepper.Step label={t('cascade.wizard.summary')}>
          <StepForm busy={summary.busy} onSubmit={submitSummary}>
            <Text size="sm" c="dimmed">
              {t('cascade.wizard.summaryHint')}
            </Text>
            <TextInput
              label={t('cascade.summaryMeter')}
              withAsterisk
              data-autofocus
              {...summary.text('meterNo')}
            />
          </StepForm>
        </Stepper.Step>
        <Stepper.Step label={t('cascade.wizard.subMeters')}>
          <Stack mt="md">
            <Text size="sm" c="dimmed">
              {t('cascade.wizard.subMetersHint', { max: CASCADE_IMPORT_MAX })}
            </Text>
            {created && (
              <SubMeterAssociation
                pointId={created.pointId}
                subMeterCount={subMeterCount}
                onAdded={(result) => setSubMeterCount(result.total)}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(3)}>
                {t('cascade.wizard.finish')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack mt="md" align="center" data-testid="partition-wizard-done">
            <Text>{t('cascade.wizard.done', { name: form.values.name })}</Text>
            <Button onClick={() => onClose(true)}>{t('common.ok')}</Button>
          </Stack>
        </Stepper.Completed>
      </Stepper>
    </Modal>
  );
}
