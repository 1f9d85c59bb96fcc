import { Badge, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { defineListScreen, listColumns, OptionFilter, TextFilter } from '../../components/ListScreen.tsx';
import { filterField } from '../../lib/listQuery.ts';
import { listOutbox, type OutboxMessage, revealOutboxText } from './api/outbox.ts';

/** The route of this page (menu catalogue component 'system/outbox/index'). */
export const OUTBOX_PATH = '/platform/outbox';

const CHANNELS = ['sms', 'email'] as const;
const column = listColumns<OutboxMessage>();

/**
 * Platform settings / Message outbox: the messages the default provider kept (one-time codes for password
 * recovery and registration), newest first, for operators to relay while no SMS gateway is configured. The
 * list masks the codes; an operator reveals one message at a time, and the server logs each reveal.
 */
export const Outbox = defineListScreen({
  path: OUTBOX_PATH,
  testId: 'outbox',
  texts: {
    title: 'outbox.title',
    intro: 'outbox.intro',
    empty: 'outbox.empty',
    total: 'outbox.total',
    actions: 'outbox.actions',
  },
  filters: z.object({ recipient: filterField.text(200), channel: filterField.option(CHANNELS) }),
  fetch: ({ recipient, channel, pageNum, pageSize }) =>
    listOutbox({ pageNum, pageSize, ...(recipient ? { recipient } : {}), ...(channel ? { channel } : {}) }),
  rowId: (row) => row.messageId,
  usePage: () => {
    const [revealed, setRevealed] = useState<Record<string, string>>({});
    const reveal = (messageId: string) =>
      revealOutboxText(messageId).then(
        ({ text }) => setRevealed((shown) => ({ ...shown, [messageId]: text })),
        () => undefined, // shown by the request layer
      );
    return { revealed, reveal };
  },
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
  columns: ({ t, page }) => [
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
      cell: (c) => (
        <Text size="sm" data-testid="outbox-text">
          {page.revealed[c.row.original.messageId] ?? c.getValue()}
        </Text>
      ),
    }),
  ],
  rowActions: (row, { t, page }) =>
    row.messageId in page.revealed
      ? []
      : [
          {
            label: t('outbox.reveal'),
            ariaLabel: t('outbox.revealOf', { recipient: row.recipient }),
            icon: 'eye',
            onClick: () => void page.reveal(row.messageId),
          },
        ],
});
