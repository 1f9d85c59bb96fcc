import { METER_COMMAND_STATE_SORT_COLUMNS, type MeterCommandState } from '@hydrolog/schemas';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  ListHeader,
  ListPager,
  ListTable,
  type listFeatures,
  RowAction,
  useListTable,
} from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { usePagedList } from '../../hooks/usePagedList.ts';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { type PageQuery, pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  type CommandStateQuery,
  commandStateFilter,
  commandStatusColor,
  EMPTY_COMMAND_STATE_FILTERS,
  isCommandUnderWay,
  isFiltered,
  parseCommandStateQuery,
} from '../../lib/meterQuery.ts';
import {
  exportKeyUpdateMeters,
  type KeyUpdateRecord,
  listKeyUpdateMeters,
  listKeyUpdates,
  sendMeterKey,
} from './api/meters.ts';
import { CommandStatus } from './Valves.tsx';

/** The route of this page (menu catalogue component 'business/keyUpdate/index'). */
export const KEY_UPDATES_PATH = '/meter/keyUpdate';

const fetchMeters = (query: CommandStateQuery) =>
  listKeyUpdateMeters({ ...pageParams(query), ...commandStateFilter(query) });
const features = tableFeatures({});
const meterColumn = createColumnHelper<typeof listFeatures, MeterCommandState>();
const recordColumn = createColumnHelper<typeof features, KeyUpdateRecord>();
const NO_METERS: MeterCommandState[] = [];
const NO_RECORDS: KeyUpdateRecord[] = [];
const KEY_MAX = 64;

/** Asks for the new key of a meter and sends it. */
function SendKey({ meter, onClose, onSent }: { meter: MeterCommandState; onClose(): void; onSent(): void }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send() {
    if (!key.trim()) return setError(t('keyUpdates.keyRequired'));
    setBusy(true);
    try {
      await sendMeterKey(meter.meterId, key.trim());
      notifications.show({ color: 'blue', message: t('keyUpdates.sent', { meterNo: meter.meterNo }) });
      onSent();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('keyUpdates.sendTo', { meterNo: meter.meterNo })}>
      <Stack>
        <PasswordInput
          label={t('keyUpdates.newKey')}
          withAsterisk
          data-autofocus
          autoComplete="new-password"
          maxLength={KEY_MAX}
          value={key}
          onChange={(e) => {
            setKey(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Text size="xs" c="dimmed">
          {t('keyUpdates.hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void send()}>
            {t('actions.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Key update records, newest first; followed live while one is under way. */
function KeyUpdateRecords({ meterNo, version }: { meterNo: string; version: number }) {
  const { t } = useTranslation();
  const fetchRecords = useCallback(
    (page: PageQuery) => listKeyUpdates({ ...page, meterNo: meterNo || undefined }),
    [meterNo],
  );
  // A new send (version) reloads the records.
  const { page, setPage, data, loading, refresh } = usePagedList(fetchRecords, version);
  usePollWhile(
    (data?.rows ?? NO_RECORDS).some((r) => isCommandUnderWay(r.status)),
    refresh,
  );

  const columns = recordColumn.columns([
    recordColumn.accessor('meterNo', { header: t('meters.meterNo') }),
    recordColumn.accessor('status', {
      header: t('keyUpdates.status'),
      cell: (c) => (
        <Badge color={commandStatusColor(c.getValue())} variant="light">
          {t(`valves.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    recordColumn.accessor('attempts', { header: t('keyUpdates.attempts') }),
    recordColumn.accessor('issuedAt', {
      header: t('keyUpdates.issuedAt'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss'),
    }),
    recordColumn.accessor('updatedAt', {
      header: t('keyUpdates.updatedAt'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss'),
    }),
    recordColumn.accessor('detail', {
      header: t('keyUpdates.detail'),
      cell: (c) => c.getValue() ?? '',
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_RECORDS,
    getRowId: (row) => row.commandId,
  });
  return (
    <Stack gap="xs" mt="lg">
      <Title order={5}>{t('keyUpdates.records')}</Title>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('keyUpdates.noRecords')}
        testId="key-update-records"
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('keyUpdates.total', { count: data?.total ?? 0 })}
        page={page}
        onChange={setPage}
      />
    </Stack>
  );
}

/**
 * Meters / Key update: send a meter a new key through its gateway; a record is executing until the
 * gateway acknowledges it, offered once more (resend) when unanswered, then resend successful or timeout.
 */
export function KeyUpdates() {
  const { t } = useTranslation();
  const list = useListPage({
    path: KEY_UPDATES_PATH,
    parse: parseCommandStateQuery,
    empty: EMPTY_COMMAND_STATE_FILTERS,
    fetch: fetchMeters,
  });
  const { query, filters, setFilter, data, loading, load, refresh, search, reset } = list;
  const [sending, setSending] = useState<MeterCommandState | null>(null);
  const [sent, setSent] = useState(0);
  usePollWhile(
    (data?.rows ?? NO_METERS).some((r) => isCommandUnderWay(r.commandStatus)),
    refresh,
  );

  const columns = meterColumn.columns([
    meterColumn.accessor('meterNo', { header: t('meters.meterNo') }),
    meterColumn.accessor('meterTypeName', { header: t('meters.type') }),
    meterColumn.display({
      id: 'command',
      header: t('keyUpdates.lastUpdate'),
      cell: (c) => <CommandStatus row={c.row.original} />,
    }),
    meterColumn.display({
      id: 'actions',
      header: t('meters.actions'),
      cell: (c) => (
        <HasPermi value={['business:keyUpdate:send']}>
          <RowAction
            label={t('keyUpdates.send')}
            ariaLabel={t('keyUpdates.sendTo', { meterNo: c.row.original.meterNo })}
            icon="key"
            onClick={() => setSending(c.row.original)}
          />
        </HasPermi>
      ),
    }),
  ]);
  const table = useListTable('key-update-meters', {
    columns,
    rows: data?.rows,
    getRowId: (row) => row.meterId,
  });

  return (
    <Card withBorder data-testid="key-updates-page">
      <ListHeader
        title={t('keyUpdates.title')}
        table={table}
        testId="key-update-meters"
        exportPermission="business:keyUpdate:export"
        exportFile={() => exportKeyUpdateMeters({ ...commandStateFilter(query), ...sortParams(query) })}
      />
      <FilterBar testId="key-updates-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('meters.meterNo')}
          value={filters.meterNo}
          maxLength={32}
          inputMode="numeric"
          onChange={(e) => setFilter('meterNo', e.currentTarget.value.replace(/\D/g, ''))}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={isFiltered(commandStateFilter(query)) ? t('meters.empty') : t('meters.none')}
        testId="key-update-meters"
        sortable={METER_COMMAND_STATE_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('meters.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {/* Another meter filter starts the records again on their first page. */}
      <KeyUpdateRecords key={query.meterNo} meterNo={query.meterNo} version={sent} />
      {sending && (
        <SendKey
          meter={sending}
          onClose={() => setSending(null)}
          onSent={() => {
            setSending(null);
            setSent((n) => n + 1);
            load();
          }}
        />
      )}
    </Card>
  );
}
