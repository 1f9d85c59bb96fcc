import { METER_COMMAND_STATE_SORT_COLUMNS, type MeterCommandState } from '@hydrolog/schemas';
import { Badge, Button, Card, Checkbox, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  ListHeader,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
  useColumnChoice,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  type CommandStateQuery,
  commandStateFilter,
  commandStatusColor,
  EMPTY_COMMAND_STATE_FILTERS,
  isCommandUnderWay,
  isFiltered,
  parseCommandStateQuery,
} from '../../lib/meterQuery.ts';
import { exportValveMeters, listValveMeters, operateValves } from './api/meters.ts';

/** The route of this page (menu catalogue component 'business/valve/index'). */
export const VALVES_PATH = '/meter/valve';

const fetchValves = (query: CommandStateQuery) =>
  listValveMeters({ ...pageParams(query), ...commandStateFilter(query) });
const column = createColumnHelper<typeof selectableFeatures, MeterCommandState>();
const NO_ROWS: MeterCommandState[] = [];

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

/**
 * Meters / Valve operation: remote open and close of one meter or of the selected ones; each command is
 * sending until the meter's gateway answers (success or fail), and the list follows it live.
 */
export function Valves() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: VALVES_PATH,
    parse: parseCommandStateQuery,
    empty: EMPTY_COMMAND_STATE_FILTERS,
    fetch: fetchValves,
  });
  const { query, filters, setFilter, data, loading, load, refresh, search, reset, selection, setSelection } =
    list;
  usePollWhile(
    (data?.rows ?? NO_ROWS).some((r) => isCommandUnderWay(r.commandStatus)),
    refresh,
  );

  async function operate(action: 'open' | 'close', meters: readonly MeterCommandState[]) {
    const names = meters.map((m) => m.meterNo).join(', ');
    const run = async () => {
      await operateValves(
        action,
        meters.map((m) => m.meterId),
      );
      notifications.show({ color: 'blue', message: t('valves.sent', { count: meters.length }) });
      load();
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

  const canSelect = hasPermi(['business:valve:open', 'business:valve:close']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<MeterCommandState>({
            all: t('valves.selectAll'),
            one: (row) => t('valves.select', { meterNo: row.meterNo }),
          }),
        ]
      : []),
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
      cell: (c) => (c.getValue() ? t(`meters.valves.${c.getValue()!}`) : ''),
    }),
    column.display({
      id: 'command',
      header: t('valves.lastCommand'),
      cell: (c) => <CommandStatus row={c.row.original} />,
    }),
    column.display({
      id: 'actions',
      header: t('meters.actions'),
      cell: (c) => {
        const meter = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['business:valve:open']}>
              <RowAction
                label={t('actions.open')}
                ariaLabel={t('valves.openOf', { meterNo: meter.meterNo })}
                icon="play"
                color="teal"
                onClick={() => void operate('open', [meter])}
              />
            </HasPermi>
            <HasPermi value={['business:valve:close']}>
              <RowAction
                label={t('actions.close')}
                ariaLabel={t('valves.closeOf', { meterNo: meter.meterNo })}
                icon="pause"
                color="orange"
                onClick={() => void operate('close', [meter])}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const columnChoice = useColumnChoice('valves-table');
  const table = useTable({
    features: selectableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.meterId,
    enableRowSelection: canSelect,
    onRowSelectionChange: setSelection,
    ...columnChoice,
    state: { ...columnChoice.state, rowSelection: selection },
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => selection[row.meterId]);

  return (
    <Card withBorder data-testid="valves-page">
      <ListHeader
        title={t('valves.title')}
        table={table}
        testId="valves-table"
        exportPermission="business:valve:export"
        exportFile={() => exportValveMeters({ ...commandStateFilter(query), ...sortParams(query) })}
      >
        <HasPermi value={['business:valve:open']}>
          <Button
            variant="light"
            color="teal"
            disabled={selected.length === 0}
            onClick={() => void operate('open', selected)}
          >
            {t('valves.openSelected', { count: selected.length })}
          </Button>
        </HasPermi>
        <HasPermi value={['business:valve:close']}>
          <Button
            variant="light"
            color="orange"
            disabled={selected.length === 0}
            onClick={() => void operate('close', selected)}
          >
            {t('valves.closeSelected', { count: selected.length })}
          </Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="valves-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('meters.meterNo')}
          value={filters.meterNo}
          maxLength={32}
          inputMode="numeric"
          onChange={(e) => setFilter('meterNo', e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Checkbox
          label={t('valves.pendingOnly')}
          checked={filters.pending === '1'}
          onChange={(e) => setFilter('pending', e.currentTarget.checked ? '1' : '')}
          mb={8}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        selection={selection}
        empty={isFiltered(commandStateFilter(query)) ? t('meters.empty') : t('valves.none')}
        testId="valves-table"
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
    </Card>
  );
}
