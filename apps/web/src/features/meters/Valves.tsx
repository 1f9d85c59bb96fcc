import { METER_COMMAND_STATE_SORT_COLUMNS, type MeterCommandState } from '@hydrolog/schemas';
import { Badge, Checkbox, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  commandStateFilter,
  commandStateFilters,
  commandStatusColor,
  isCommandUnderWay,
} from '../../lib/meterQuery.ts';
import { exportValveMeters, listValveMeters, operateValves } from './api/meters.ts';
import { ValveState } from './ValveState.tsx';

/** The route of this page (menu catalogue component 'business/valve/index'). */
export const VALVES_PATH = '/meter/valve';

const column = listColumns<MeterCommandState>();

/** The status of a meter's latest command, with when it last moved. */
export function CommandStatus({ row }: { row: MeterCommandState }) {
  const { t } = useTranslation();
  if (!row.commandStatus || !row.commandKind)
    return (
      <Text size="xs" c="dimmed">
        {t('valves.noCommand')}
      </Text>
    );
  return (
    <Tooltip label={row.commandDetail ?? dayjs(row.commandAt).format('YYYY-MM-DD HH:mm:ss')}>
      <Badge
        color={commandStatusColor(row.commandStatus)}
        variant="light"
        data-testid={`command-${row.meterNo}`}
      >
        {t(`valves.kinds.${row.commandKind}`)} · {t(`valves.statuses.${row.commandStatus}`)}
      </Badge>
    </Tooltip>
  );
}

async function operate(
  t: TFunction,
  action: 'open' | 'close',
  meters: readonly MeterCommandState[],
  onSent: () => void,
) {
  const names = meters.map((m) => m.meterNo).join(', ');
  const run = async () => {
    await operateValves(
      action,
      meters.map((m) => m.meterId),
    );
    notifications.show({ color: 'blue', message: t('valves.sent', { count: meters.length }) });
    onSent();
  };
  // Closing cuts a customer's water: always confirmed. Opening one meter is not.
  if (action === 'open' && meters.length === 1) return run().catch(() => undefined);
  await confirmAndRun(
    {
      title: t(action === 'close' ? 'valves.closeTitle' : 'valves.openTitle'),
      message: t(action === 'close' ? 'valves.closeConfirm' : 'valves.openConfirm', {
        count: meters.length,
        names,
      }),
      confirm: t(action === 'close' ? 'actions.close' : 'actions.open'),
    },
    run,
  );
}

/**
 * Meters / Valve operation: remote open and close of one meter or of the selected ones; each command is
 * sending until the meter's gateway answers (success or fail), and the list follows it live.
 */
export const Valves = defineListScreen({
  path: VALVES_PATH,
  testId: 'valves',
  texts: { title: 'valves.title', empty: 'meters.empty', total: 'meters.total', actions: 'meters.actions' },
  filters: commandStateFilters,
  sortable: METER_COMMAND_STATE_SORT_COLUMNS,
  fetch: (query) => listValveMeters({ ...pageParams(query), ...commandStateFilter(query) }),
  rowId: (row) => row.meterId,
  usePage: (list) =>
    usePollWhile(list.data?.rows.some((r) => isCommandUnderWay(r.commandStatus)) ?? false, list.refresh),
  firstUse: ({ t }) => t('valves.none'),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="meterNo" label={t('meters.meterNo')} maxLength={32} digits />
      <Checkbox
        label={t('valves.pendingOnly')}
        checked={bar.filters.pending === '1'}
        onChange={(e) => bar.setFilter('pending', e.currentTarget.checked ? '1' : '')}
        mb={8}
      />
    </>
  ),
  columns: ({ t, list }) => [
    column.accessor('meterNo', { header: t('meters.meterNo') }),
    column.accessor('meterTypeName', { header: t('meters.type') }),
    column.accessor('link', {
      header: t('meters.link'),
      cell: (c) => (
        <Badge variant="dot" color={c.getValue() === 'online' ? 'teal' : 'gray'}>
          {t(`meters.links.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('valve', {
      header: t('meters.valve'),
      cell: (c) => (
        <ValveState
          meterNo={c.row.original.meterNo}
          valve={c.getValue()}
          reportedAt={c.row.original.lastReportAt}
          command={c.row.original.valveCommand}
          onRetried={list.load}
        />
      ),
    }),
    column.display({
      id: 'command',
      header: t('valves.lastCommand'),
      cell: (c) => <CommandStatus row={c.row.original} />,
    }),
  ],
  selectLabels: ({ t }) => ({
    all: t('valves.selectAll'),
    one: (row) => t('valves.select', { meterNo: row.meterNo }),
  }),
  rowActions: (meter, { t, list }) => [
    {
      label: t('actions.open'),
      ariaLabel: t('valves.openOf', { meterNo: meter.meterNo }),
      icon: 'play',
      color: 'teal',
      permission: ['business:valve:open'],
      onClick: () => void operate(t, 'open', [meter], list.load),
    },
    {
      label: t('actions.close'),
      ariaLabel: t('valves.closeOf', { meterNo: meter.meterNo }),
      icon: 'pause',
      color: 'orange',
      permission: ['business:valve:close'],
      onClick: () => void operate(t, 'close', [meter], list.load),
    },
  ],
  batchActions: ({ t, list }) => [
    {
      label: (count) => t('valves.openSelected', { count }),
      permission: ['business:valve:open'],
      color: 'teal',
      run: (rows) => void operate(t, 'open', rows, list.load),
    },
    {
      label: (count) => t('valves.closeSelected', { count }),
      permission: ['business:valve:close'],
      color: 'orange',
      run: (rows) => void operate(t, 'close', rows, list.load),
    },
  ],
  export: {
    permission: 'business:valve:export',
    run: (query) => exportValveMeters({ ...commandStateFilter(query), ...sortParams(query) }),
  },
});
