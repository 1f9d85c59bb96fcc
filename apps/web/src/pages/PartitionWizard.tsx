import { CASCADE_IMPORT_MAX, summaryMeterBodySchema } from '@hydrolog/schemas';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addSubMeters,
  createPartition,
  importSubMeters,
  SUB_METER_TEMPLATE_PATH,
  setSummaryMeter,
} from '../api/cascade.ts';
import { download } from '../api/request.ts';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { EMPTY_POINT, PointFieldInputs, usePointForm } from './PointForm.tsx';

/**
 * The creation wizard, in the spec's order: create the partition (its root metering point), associate the
 * summary meter, associate sub-meters (typed with English commas or imported from xlsx), done.
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
  const [typed, setTyped] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [subBusy, setSubBusy] = useState(false);
  const [subResult, setSubResult] = useState<{
    added: number;
    total: number;
    errors: { row: number; meterNo: string; message: string }[];
  } | null>(null);

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
  async function submitSubMeters() {
    if (!created) return;
    setSubBusy(true);
    try {
      if (file) setSubResult(await importSubMeters(created.pointId, file));
      else if (typed.trim()) setSubResult({ ...(await addSubMeters(created.pointId, typed)), errors: [] });
      else return setStep(3);
    } catch {
      return;
    } finally {
      setSubBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => onClose(created !== null)} title={t('cascade.wizard.title')} size="xl">
      <Stepper active={step} size="sm" data-testid="partition-wizard" allowNextStepsSelect={false}>
        <Stepper.Step label={t('cascade.wizard.create')}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submitPartition();
            }}
          >
            <Stack mt="md">
              <PointFieldInputs form={form} nameLabel={t('cascade.name')} />
              <Group justify="flex-end">
                <Button type="submit" loading={form.busy}>
                  {t('cascade.wizard.next')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('cascade.wizard.summary')}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submitSummary();
            }}
          >
            <Stack mt="md">
              <Text size="sm" c="dimmed">
                {t('cascade.wizard.summaryHint')}
              </Text>
              <TextInput
                label={t('cascade.summaryMeter')}
                withAsterisk
                data-autofocus
                {...summary.text('meterNo')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={summary.busy}>
                  {t('cascade.wizard.next')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('cascade.wizard.subMeters')}>
          <Stack mt="md">
            <Text size="sm" c="dimmed">
              {t('cascade.wizard.subMetersHint', { max: CASCADE_IMPORT_MAX })}
            </Text>
            <Textarea
              label={t('cascade.wizard.typed')}
              placeholder="1000000001,1000000002"
              autosize
              minRows={2}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              disabled={file !== null}
            />
            <Group align="flex-end">
              <FileInput
                label={t('cascade.wizard.import')}
                accept=".xlsx,.xls"
                clearable
                value={file}
                onChange={setFile}
                w={320}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void download(SUB_METER_TEMPLATE_PATH, {}, 'sub-meters-template.xlsx')}
              >
                {t('cascade.wizard.template')}
              </Anchor>
            </Group>
            {subResult && (
              <Alert color={subResult.errors.length ? 'yellow' : 'green'} data-testid="sub-meter-result">
                <Text size="sm">
                  {t('cascade.wizard.added', { added: subResult.added, total: subResult.total })}
                </Text>
                {subResult.errors.length > 0 && (
                  <List size="sm">
                    {subResult.errors.slice(0, 20).map((e) => (
                      <List.Item key={`${e.row}-${e.meterNo}`}>
                        {t('cascade.wizard.rowError', { row: e.row, message: e.message })}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(3)}>
                {t('cascade.wizard.finish')}
              </Button>
              <Button loading={subBusy} onClick={() => void submitSubMeters()}>
                {t('cascade.wizard.associate')}
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
