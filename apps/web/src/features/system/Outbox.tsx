import { Badge, Card, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar, ListPager, ListTable } from '../../components/ListTable.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { type PageQuery, parsePage, queryOption, queryText } from '../../lib/listQuery.ts';
import { listOutbox, type OutboxMessage } from './api/outbox.ts';

/** The route of this page (menu catalogue component 'system/outbox/index'). */
export const OUTBOX_PATH = '/platform/outbox';

const CHANNELS = ['sms', 'email'] as const;
interface OutboxFilters {
  recipient: string;
  channel: (typeof CHANNELS)[number] | '';
}
const EMPTY_FILTERS: OutboxFilters = { recipient: '', channel: '' };
const parseOutboxQuery = (search: Record<string, unknown>): OutboxFilters & PageQuery => ({
  ...parsePage(search),
  recipient: queryText(search.recipient, 200),
  channel: queryOption(search.channel, CHANNELS),
});
const fetchRows = async ({ recipient, channel, ...page }: OutboxFilters & PageQuery) =>
  listOutbox({ ...page, ...(recipient ? { recipient } : {}), ...(channel ? { channel } : {}) });

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OutboxMessage>();
const NO_ROWS: OutboxMessage[] = [];

/**
 * Platform settings / Message outbox: the messages the default provider kept (one-time codes for password
 * recovery and registration), newest first, for operators to relay while no SMS gateway is configured.
 */
export function Outbox() {
  const { t } = useTranslation();
  const list = useListPage({
    path: OUTBOX_PATH,
    parse: parseOutboxQuery,
    empty: EMPTY_FILTERS,
    fetch: fetchRows,
  });
  const { query, filters, setFilter, data } = list;
  const columns = column.columns([
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
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.messageId,
  });

  return (
    <Card withBorder data-testid="outbox-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('outbox.title')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('outbox.intro')}
      </Text>
      <FilterBar testId="outbox-filter" onSearch={list.search} onReset={list.reset}>
        <TextInput
          label={t('outbox.recipient')}
          value={filters.recipient}
          maxLength={200}
          onChange={(e) => setFilter('recipient', e.currentTarget.value)}
        />
        <Select
          label={t('outbox.channel')}
          w={140}
          clearable
          data={CHANNELS.map((c) => ({ value: c, label: t(`outbox.${c}`) }))}
          value={filters.channel || null}
          onChange={(value) => setFilter('channel', (value ?? '') as OutboxFilters['channel'])}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={list.loading}
        empty={t('outbox.empty')}
        testId="outbox-table"
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('outbox.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
    </Card>
  );
}
