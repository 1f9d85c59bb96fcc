import { type NoticeView, noticeBodySchema, updateNoticeBodySchema } from '@hydrolog/schemas';
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createNotice, updateNotice } from './api/admin.ts';
import { NOTICE_TYPES } from './noticeQuery.ts';

interface Props {
  /** The notice to edit (not published); null to write one. */
  notice: NoticeView | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  noticeId?: string;
  noticeTitle: string;
  noticeType: NoticeView['noticeType'];
  noticeContent: string;
}

/** Write or change a notice; it stays a draft until published from the list. */
export function NoticeForm({ notice, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(notice ? updateNoticeBodySchema : noticeBodySchema, {
    noticeId: notice?.noticeId,
    noticeTitle: notice?.noticeTitle ?? '',
    noticeType: notice?.noticeType ?? '1',
    noticeContent: notice?.noticeContent ?? '',
  });

  async function submit() {
    await form.save(createOrUpdate(notice, updateNotice, createNotice), t('notices.saved'), onSaved);
  }

  return (
    <FormDialog
      title={t(notice ? 'notices.edit' : 'notices.new')}
      size="lg"
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('notices.noticeTitle')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        maxLength={60}
        {...form.text('noticeTitle')}
      />
      <SegmentedField
        label={t('notices.noticeType')}
        options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`notices.types.${v}`) }))}
        value={form.values.noticeType}
        onChange={(value) => form.set('noticeType', value)}
      />
      <Textarea
        label={t('notices.noticeContent')}
        withAsterisk
        autosize
        minRows={5}
        maxRows={14}
        {...form.text('noticeContent')}
      />
    </FormDialog>
  );
}
