import { READING_PLAN_NAME_MAX, type ReadingPlanBody, readingPlanBodySchema } from '@hydrolog/schemas';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createReadingPlan, meterGroupChoices } from './api/manual-readings.ts';
import { useAssignees } from './WorkOrderForm.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  readerId: string;
  startDate: string;
  endDate: string;
  groupId: string | null;
  /** The numbers typed, comma separated; `meterNos` is what is sent. */
  meterNosText: string;
  meterNos: string[];
}

/** Makes a walk-by plan: its reader (a staff user who reads meters), its days, and a meter group or meter numbers. */
export function ReadingPlanForm(props: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  // The staff who read meters are those meter reading work orders go to.
  const readers = useAssignees('reading');
  const [groups, setGroups] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    meterGroupChoices().then(
      (page) => setGroups(page.rows.map((g) => ({ value: g.groupId, label: g.name }))),
      () => undefined,
    );
  }, []);
  const form = useSchemaForm<Values, ReadingPlanBody>(readingPlanBodySchema, {
    name: '',
    readerId: '',
    startDate: '',
    endDate: '',
    groupId: null,
    meterNosText: '',
    meterNos: [],
  });

  return (
    <FormDialog
      title={t('readingPlan.new')}
      busy={form.busy}
      testId="reading-plan-form"
      onClose={props.onClose}
      onSubmit={() => form.save(createReadingPlan, t('readingPlan.saved'), props.onSaved)}
    >
      <TextInput
        label={t('readingPlan.name')}
        withAsterisk
        data-autofocus
        maxLength={READING_PLAN_NAME_MAX}
        {...form.text('name')}
      />
      <Select
        label={t('readingPlan.reader')}
        withAsterisk
        searchable
        data={readers.map((r) => ({ value: r.userId, label: r.nickName }))}
        value={form.values.readerId || null}
        onChange={(value) => form.set('readerId', value ?? '')}
        error={form.errors.readerId}
      />
      <TextInput label={t('readingPlan.startDate')} withAsterisk type="date" {...form.text('startDate')} />
      <TextInput label={t('readingPlan.endDate')} withAsterisk type="date" {...form.text('endDate')} />
      <Select
        label={t('readingPlan.group')}
        clearable
        searchable
        data={groups}
        value={form.values.groupId}
        onChange={(value) => form.set('groupId', value)}
        error={form.errors.groupId}
      />
      <Textarea
        label={t('readingPlan.meterNos')}
        description={t('readingPlan.meterNosHint')}
        autosize
        minRows={2}
        value={form.values.meterNosText}
        error={form.errors.meterNos}
        onChange={(event) => {
          const text = event.currentTarget.value;
          form.set('meterNosText', text);
          form.set(
            'meterNos',
            text
              .split(',')
              .map((no) => no.trim())
              .filter(Boolean),
          );
        }}
      />
    </FormDialog>
  );
}
