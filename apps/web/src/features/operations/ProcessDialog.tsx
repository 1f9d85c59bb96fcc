import { ALARM_REMARK_MAX, processAlarmsBodySchema } from '@hydrolog/schemas';
import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { processAlarms } from './api/operations.ts';

/** Processes one alarm or a batch with a remark: what was found and done. */
export function ProcessDialog({
  alarmIds,
  onClose,
  onDone,
}: {
  alarmIds: string[];
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(processAlarmsBodySchema, { alarmProcessedIds: alarmIds, remark: '' });
  return (
    <FormDialog
      title={t('alarms.processTitle', { count: alarmIds.length })}
      busy={form.busy}
      submitLabel={t('alarms.process')}
      testId="alarm-process-form"
      onClose={onClose}
      onSubmit={() => form.save(processAlarms, t('alarms.processedDone'), onDone)}
    >
      <Textarea
        label={t('alarms.remark')}
        description={t('alarms.remarkHint')}
        withAsterisk
        data-autofocus
        autosize
        minRows={3}
        maxLength={ALARM_REMARK_MAX}
        {...form.text('remark')}
      />
    </FormDialog>
  );
}
