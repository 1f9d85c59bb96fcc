import { type ManualReadingBody, METER_NO_MAX, manualReadingBodySchema } from '@hydrolog/schemas';
import { Button, Checkbox, FileButton, Group, Image, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { MOBILE_QUERY } from '../../lib/mobile.ts';
import { enterManualReading, uploadManualReadingPhoto } from './api/manual-readings.ts';

interface Values extends Record<string, unknown> {
  meterNo: string;
  total: number | '';
  /** The local time typed; `readAt` is the instant sent, with its offset (none: now). */
  readAtLocal: string;
  readAt: string | undefined;
  reset: boolean;
  photoUrl: string | null;
  planId: string | null;
  remark: string;
}

/**
 * Enters a counter read off a meter, with an optional photo of its dial: laid out for a phone (full
 * screen under the mobile width), as a reader fills it standing at the meter. A plan's page gives the
 * meter and the plan.
 */
export function ManualReadingForm(props: {
  meterNo?: string;
  planId?: string | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [uploading, setUploading] = useState(false);
  const form = useSchemaForm<Values, ManualReadingBody>(manualReadingBodySchema, {
    meterNo: props.meterNo ?? '',
    total: '',
    readAtLocal: '',
    readAt: undefined,
    reset: false,
    photoUrl: null,
    planId: props.planId ?? null,
    remark: '',
  });
  const addPhoto = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      form.set('photoUrl', (await uploadManualReadingPhoto(file)).url);
    } catch {
      // The request's error is already shown.
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormDialog
      title={t('manualReading.new')}
      busy={form.busy}
      fullScreen={mobile}
      submitLabel={t('manualReading.save')}
      testId="manual-reading-form"
      onClose={props.onClose}
      onSubmit={() => form.save((body) => enterManualReading(body), t('manualReading.saved'), props.onSaved)}
    >
      <TextInput
        label={t('manualReading.meterNo')}
        withAsterisk
        inputMode="numeric"
        maxLength={METER_NO_MAX}
        readOnly={props.meterNo !== undefined}
        data-autofocus={props.meterNo === undefined || undefined}
        {...form.text('meterNo')}
      />
      <NumberInput
        label={t('manualReading.total')}
        withAsterisk
        inputMode="decimal"
        min={0}
        decimalScale={3}
        hideControls
        data-autofocus={props.meterNo !== undefined || undefined}
        {...form.number('total')}
      />
      <TextInput
        label={t('manualReading.readAt')}
        description={t('manualReading.readAtHint')}
        type="datetime-local"
        value={form.values.readAtLocal}
        error={form.errors.readAt}
        onChange={(event) => {
          const local = event.currentTarget.value;
          form.set('readAtLocal', local);
          form.set('readAt', local ? dayjs(local).format() : undefined);
        }}
      />
      <Checkbox
        label={t('manualReading.reset')}
        checked={form.values.reset}
        onChange={(event) => form.set('reset', event.currentTarget.checked)}
      />
      <Group>
        <FileButton accept="image/png,image/jpeg" capture="environment" onChange={addPhoto}>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              variant="light"
              loading={uploading}
              leftSection={<Icon name="upload" size={16} />}
            >
              {t('manualReading.addPhoto')}
            </Button>
          )}
        </FileButton>
        {form.values.photoUrl && (
          <Image src={form.values.photoUrl} alt={t('manualReading.photo')} h={72} w="auto" />
        )}
      </Group>
      <Textarea
        label={t('manualReading.remark')}
        autosize
        minRows={2}
        maxLength={100}
        {...form.text('remark')}
      />
    </FormDialog>
  );
}
