import {
  type ConcentratorBody,
  type ConcentratorKey,
  type ConcentratorView,
  concentratorBodySchema,
} from '@hydrolog/schemas';
import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFreshRecord } from '../../hooks/useFreshRecord.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createConcentrator, getConcentrator, updateConcentrator } from './api/concentrators.ts';

interface Props {
  /** The concentrator to edit; null to register one. */
  concentrator: ConcentratorView | null;
  onClose(): void;
  /** After a save; with the new concentrator's key (answered this once) when one was registered. */
  onSaved(created: (ConcentratorKey & { number: string }) | null): void;
}

interface Values extends Record<string, unknown> {
  number: string;
  manufacturer: string;
  remark: string;
}

const valuesOf = (concentrator: ConcentratorView | null): Values => ({
  number: concentrator?.number ?? '',
  manufacturer: concentrator?.manufacturer ?? '',
  remark: concentrator?.remark ?? '',
});

/** A blank remark is left out (an edit clears it). */
const bodyOf = (data: ConcentratorBody): ConcentratorBody => ({ ...data, remark: data.remark || undefined });

/** Register or edit a concentrator; validated in the browser with the server's schema. */
export function ConcentratorForm({ concentrator, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, ConcentratorBody>(concentratorBodySchema, valuesOf(concentrator));
  const [version, setVersion] = useState(concentrator?.version ?? 0);

  useFreshRecord(
    concentrator,
    (shown) => getConcentrator(shown.concentratorId),
    (fresh) => {
      form.refresh(valuesOf(fresh));
      setVersion(fresh.version);
    },
  );

  async function submit() {
    const answer: { created?: ConcentratorKey & { number: string } } = {};
    await form.save(
      async (data) => {
        if (concentrator)
          await updateConcentrator({ ...bodyOf(data), concentratorId: concentrator.concentratorId, version });
        else answer.created = { ...(await createConcentrator(bodyOf(data))), number: data.number };
      },
      t('concentrators.saved'),
      () => onSaved(answer.created ?? null),
    );
  }

  return (
    <FormDialog
      title={t(concentrator ? 'concentrators.edit' : 'concentrators.new')}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      testId="concentrator-form"
    >
      <TextInput
        label={t('concentrators.number')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('number')}
      />
      <TextInput
        label={t('concentrators.manufacturer')}
        withAsterisk
        autoComplete="off"
        {...form.text('manufacturer')}
      />
      <Textarea label={t('concentrators.remark')} autosize minRows={2} maxRows={5} {...form.text('remark')} />
    </FormDialog>
  );
}
