import { METER_COMMAND_STATE_SORT_COLUMNS, type MeterCommandState } from '@hydrolog/schemas';
import { Badge, Box, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  commandStateFilter,
  commandStateFilters,
  commandStatusColor,
  isCommandUnderWay,
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

const meterColumn = listColumns<MeterCommandState>();
const recordColumn = listColumns<KeyUpdateRecord>();
const KEY_MAX = 64;

/** Key update records of the filtered meter, newest first; followed live while one is under way. */
const KeyUpdateRecords = defineListScreen({
  bare: true,
  testId: 'key-update-records',
  tableTestId: 'key-update-records',
  texts: { title: 'keyUpdates.records', empty: 'keyUpdates.noRecords', total: 'keyUpdates.total' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }, { meterNo }: { meterNo: string }) =>
    listKeyUpdates({ pageNum, pageSize, meterNo: meterNo || undefined }),
  rowId: (row) => row.commandId,
  columnChoice: false,
  usePage: (list) =>
    usePollWhile(list.data?.rows.some((r) => isCommandUnderWay(r.status)) ?? false, list.refresh),
  columns: ({ t }) => [
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
    recordColumn.accessor('detail', { header: t('keyUpdates.detail'), cell: (c) => c.getValue() ?? '' }),
  ],
});

/**
 * Meters / Key update: send a meter a new key through its gateway; a record is executing until the
 * gateway acknowledges it, offered once more (resend) when unanswered, then resend successful or timeout.
 */
export const KeyUpdates = defineListScreen({
  path: KEY_UPDATES_PATH,
  testId: 'key-updates',
  tableTestId: 'key-update-meters',
  texts: {
    title: 'keyUpdates.title',
    empty: 'meters.empty',
    total: 'meters.total',
    actions: 'meters.actions',
  },
  filters: commandStateFilters,
  sortable: METER_COMMAND_STATE_SORT_COLUMNS,
  fetch: (query) => listKeyUpdateMeters({ ...pageParams(query), ...commandStateFilter(query) }),
  rowId: (row) => row.meterId,
  usePage: (list) => {
    const [sending, setSending] = useState<MeterCommandState | null>(null);
    const [sent, setSent] = useState(0);
    usePollWhile(list.data?.rows.some((r) => isCommandUnderWay(r.commandStatus)) ?? false, list.refresh);
    return { sending, setSending, sent, setSent };
  },
  firstUse: ({ t }) => t('meters.none'),
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="meterNo" label={t('meters.meterNo')} maxLength={32} digits />
  ),
  columns: ({ t }) => [
    meterColumn.accessor('meterNo', { header: t('meters.meterNo') }),
    meterColumn.accessor('meterTypeName', { header: t('meters.type') }),
    meterColumn.display({
      id: 'command',
      header: t('keyUpdates.lastUpdate'),
      cell: (c) => <CommandStatus row={c.row.original} />,
    }),
  ],
  rowActions: (meter, { t, page }) => [
    {
      label: t('keyUpdates.send'),
      ariaLabel: t('keyUpdates.sendTo', { meterNo: meter.meterNo }),
      icon: 'key',
      permission: ['business:keyUpdate:send'],
      onClick: () => page.setSending(meter),
    },
  ],
  export: {
    permission: 'business:keyUpdate:export',
    run: (query) => exportKeyUpdateMeters({ ...commandStateFilter(query), ...sortParams(query) }),
  },
  dialogs: ({ list, page: { sending, setSending, sent, setSent } }) => (
    <>
      {/* Another meter filter or a new send starts the records again on their first page. */}
      <Box mt="lg">
        <KeyUpdateRecords key={`${list.query.meterNo}:${sent}`} meterNo={list.query.meterNo} />
      </Box>
      {sending && (
        <SendKey
          meter={sending}
          onClose={() => setSending(null)}
          onSent={() => {
            setSending(null);
            setSent((n) => n + 1);
            list.load();
          }}
        />
      )}
    </>
  ),
});

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
