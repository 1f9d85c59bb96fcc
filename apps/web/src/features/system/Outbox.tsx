import { Badge, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { z } from 'zod';
import { defineListScreen, listColumns, OptionFilter, TextFilter } from '../../components/ListScreen.tsx';
import { filterField } from '../../lib/listQuery.ts';
import { listOutbox, type OutboxMessage } from './api/outbox.ts';

/** The route of this page (menu catalogue component 'system/outbox/index'). */
export const OUTBOX_PATH = '/platform/outbox';

const CHANNELS = ['sms', 'email'] as const;
const column = listColumns<OutboxMessage>();

/**
 * Platform settings / Message outbox: the messages the default provider kept (one-time codes for password
 * recovery and registration), newest first, for operators to relay while no SMS gateway is configured.
 */
export const Outbox = defineListScreen({
  path: OUTBOX_PATH,
  testId: 'outbox',
  texts: { title: 'outbox.title', intro: 'outbox.intro', empty: 'outbox.empty', total: 'outbox.total' },
  filters: z.object({ recipient: filterField.text(200), channel: filterField.option(CHANNELS) }),
  fetch: ({ recipient, channel, pageNum, pageSize }) =>
    listOutbox({ pageNum, pageSize, ...(recipient ? { recipient } : {}), ...(channel ? { channel } : {}) }),
  rowId: (row) => row.messageId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="recipient" label={t('outbox.recipient')} maxLength={200} />
      <OptionFilter
        bar={bar}
        name="channel"
        label={t('outbox.channel')}
        w={140}
        options={CHANNELS.map((c) => ({ value: c, label: t(`outbox.${c}`) }))}
      />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('queuedAt', {
      header: () => t('outbox.queuedAt'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss'),
    }),
    column.accessor('channel', {
      header: () => t('outbox.channel'),
      cell: (c) => <Badge variant="light">{t(`outbox.${c.getValue()}`)}</Badge>,
    }),
    column.accessor('recipient', { header: () => t('outbox.recipient') }),
    column.accessor('text', {
      header: () => t('outbox.text'),
      cell: (c) => <Text size="sm">{c.getValue()}</Text>,
    }),
  ],
});
