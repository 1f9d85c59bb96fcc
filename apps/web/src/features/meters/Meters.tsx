import { METER_SORT_COLUMNS, type MeterTypeView, type MeterView } from '@hydrolog/schemas';
import { Anchor, Badge, Button, Card, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  figureColumns,
  ListHeader,
  ListPager,
  ListTable,
  type listFeatures,
  RowAction,
  useListTable,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  EMPTY_METER_FILTERS,
  isFiltered,
  METER_LINKS,
  type MeterQuery,
  meterFilter,
  parseMeterQuery,
  VALVE_STATES,
} from '../../lib/meterQuery.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { HISTORY_PATH } from '../readings/index.ts';
import { deleteMeters, exportMeters, listMeters, meterTypeOptions } from './api/meters.ts';
import { MeterForm } from './MeterForm.tsx';
import { MeterImport } from './MeterImport.tsx';

/** The route of this page (menu catalogue component 'business/meter/index'). */
export const METERS_PATH = '/meter/list';

const fetchMeters = (query: MeterQuery) => listMeters({ ...pageParams(query), ...meterFilter(query) });
const column = createColumnHelper<typeof listFeatures, MeterView>();
const FULL_TIME = 'YYYY-MM-DD HH:mm:ss';
const figure = (value: number | null, digits: number) => (value === null ? '' : value.toFixed(digits));

/**
 * Meters / Meter list: the registry with each meter's latest reading, battery, signal, valve and
 * communication state from the gateways' readings; register, edit, delete an unused one, import, export.
 */
export function Meters() {
  const { t, i18n } = useTranslation();
  const list = useListPage({
    path: METERS_PATH,
    parse: parseMeterQuery,
    empty: EMPTY_METER_FILTERS,
    fetch: fetchMeters,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [editing, setEditing] = useState<MeterView | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [types, setTypes] = useState<MeterTypeView[]>([]);

  useEffect(() => {
    meterTypeOptions().then(setTypes, () => undefined);
  }, []);

  async function remove(meter: MeterView) {
    const done = await confirmAndRun(
      {
        title: t('meters.removeTitle'),
        message: t('meters.removeConfirm', { meterNo: meter.meterNo }),
        confirm: t('actions.remove'),
      },
      () => deleteMeters([meter.meterId]),
      t('meters.removed', { meterNo: meter.meterNo }),
    );
    if (done) list.removed(1);
  }

  // The meter number opens its history (Reports / History) for those who may open that page.
  const canOpenHistory = useHasPermi()(['report:history:list']);
  const columns = column.columns([
    column.accessor('meterNo', {
      header: t('meters.meterNo'),
      cell: (c) =>
        canOpenHistory ? (
          <Anchor
            component={Link}
            to={HISTORY_PATH}
            // The history page reads the meter from its URL (parseHistoryQuery; its range defaults).
            search={{ meterNo: c.getValue() } as never}
            size="sm"
            title={t('meters.historyOf', { meterNo: c.getValue() })}
          >
            {c.getValue()}
          </Anchor>
        ) : (
          c.getValue()
        ),
    }),
    column.accessor('meterTypeName', { header: t('meters.type') }),
    column.accessor('imei', { header: t('meters.imei'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('lastReading', {
      header: t('meters.lastReading'),
      cell: (c) => figure(c.getValue(), 3),
    }),
    column.accessor('lastReportAt', {
      header: t('meters.lastReport'),
      cell: (c) => {
        const at = c.getValue();
        if (!at)
          return (
            <Text size="xs" c="dimmed">
              {t('meters.neverReported')}
            </Text>
          );
        return (
          <Tooltip label={dayjs(at).format(FULL_TIME)}>
            <Text component="time" dateTime={at} size="sm">
              {relativeTime(at, i18n.language)}
            </Text>
          </Tooltip>
        );
      },
    }),
    column.accessor('battery', { header: t('meters.battery'), cell: (c) => figure(c.getValue(), 2) }),
    column.accessor('signal', { header: t('meters.signal'), cell: (c) => figure(c.getValue(), 0) }),
    column.accessor('valve', {
      header: t('meters.valve'),
      cell: (c) => {
        const valve = c.getValue();
        if (!valve) return '';
        return (
          <Badge variant="light" color={valve === 'open' ? 'teal' : 'orange'}>
            {t(`meters.valves.${valve}`)}
          </Badge>
        );
      },
    }),
    column.accessor('link', {
      header: t('meters.link'),
      cell: (c) => (
        <Badge variant="dot" color={c.getValue() === 'online' ? 'teal' : 'gray'}>
          {t(`meters.links.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('meters.actions'),
      cell: (c) => {
        const meter = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['business:meter:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('meters.editOf', { meterNo: meter.meterNo })}
                icon="edit"
                onClick={() => setEditing(meter)}
              />
            </HasPermi>
            <HasPermi value={['business:meter:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('meters.removeOf', { meterNo: meter.meterNo })}
                icon="trash"
                color="red"
                onClick={() => void remove(meter)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useListTable('meters-table', { columns, rows: data?.rows, getRowId: (row) => row.meterId });

  return (
    <Card withBorder data-testid="meters-page">
      <ListHeader
        title={t('meters.title')}
        table={table}
        testId="meters-table"
        exportPermission="business:meter:export"
        exportFile={() => exportMeters({ ...meterFilter(query), ...sortParams(query) })}
      >
        <HasPermi value={['business:meter:import']}>
          <Button variant="light" onClick={() => setImporting(true)}>
            {t('actions.import')}
          </Button>
        </HasPermi>
        <HasPermi value={['business:meter:add']}>
          <Button onClick={() => setEditing('new')}>{t('meters.new')}</Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="meters-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('meters.meterNo')}
          value={filters.meterNo}
          maxLength={32}
          inputMode="numeric"
          onChange={(e) => setFilter('meterNo', e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Select
          label={t('meters.type')}
          w={220}
          clearable
          searchable
          placeholder={t('meters.all')}
          data={types.map((type) => ({ value: type.meterTypeId, label: type.name }))}
          value={filters.meterTypeId || null}
          onChange={(v) => setFilter('meterTypeId', v ?? '')}
        />
        <TextInput
          label={t('meters.imei')}
          value={filters.imei}
          maxLength={15}
          inputMode="numeric"
          onChange={(e) => setFilter('imei', e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Select
          label={t('meters.link')}
          w={140}
          clearable
          placeholder={t('meters.all')}
          data={METER_LINKS.map((v) => ({ value: v, label: t(`meters.links.${v}`) }))}
          value={filters.link || null}
          onChange={(v) => setFilter('link', METER_LINKS.find((l) => l === v) ?? '')}
        />
        <Select
          label={t('meters.valve')}
          w={140}
          clearable
          placeholder={t('meters.all')}
          data={VALVE_STATES.map((v) => ({ value: v, label: t(`meters.valves.${v}`) }))}
          value={filters.valve || null}
          onChange={(v) => setFilter('valve', VALVE_STATES.find((s) => s === v) ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={isFiltered(meterFilter(query)) ? t('meters.empty') : t('meters.none')}
        testId="meters-table"
        sortable={METER_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
        minWidth={1200}
        cellStyle={figureColumns('lastReading', 'battery', 'signal')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('meters.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <MeterForm
          meter={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      {importing && <MeterImport onClose={() => setImporting(false)} onImported={load} />}
    </Card>
  );
}
