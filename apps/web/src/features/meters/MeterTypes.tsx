import { METER_TYPE_SORT_COLUMNS, type MeterTypeView } from '@hydrolog/schemas';
import { Badge, Button, Card, Group, Select, Text, TextInput } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
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
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  BILLING_MODES,
  COMMUNICATIONS,
  EMPTY_METER_TYPE_FILTERS,
  isFiltered,
  type MeterTypeQuery,
  meterTypeFilter,
  parseMeterTypeQuery,
} from '../../lib/meterQuery.ts';
import { deleteMeterTypes, exportMeterTypes, listMeterTypes } from './api/meters.ts';
import { MeterTypeForm } from './MeterTypeForm.tsx';

/** The route of this page (menu catalogue component 'business/meterType/index'). */
export const METER_TYPES_PATH = '/meter/type';

const fetchMeterTypes = (query: MeterTypeQuery) =>
  listMeterTypes({ ...pageParams(query), ...meterTypeFilter(query) });
const column = createColumnHelper<typeof listFeatures, MeterTypeView>();

/** Meters / Meter types: the models a utility installs (billing, valve, communication, card, report interval). */
export function MeterTypes() {
  const { t } = useTranslation();
  const list = useListPage({
    path: METER_TYPES_PATH,
    parse: parseMeterTypeQuery,
    empty: EMPTY_METER_TYPE_FILTERS,
    fetch: fetchMeterTypes,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [editing, setEditing] = useState<MeterTypeView | 'new' | null>(null);

  async function remove(type: MeterTypeView) {
    const done = await confirmAndRun(
      {
        title: t('meterTypes.removeTitle'),
        message: t('meterTypes.removeConfirm', { name: type.name }),
        confirm: t('actions.remove'),
      },
      () => deleteMeterTypes([type.meterTypeId]),
      t('meterTypes.removed', { name: type.name }),
    );
    if (done) list.removed(1);
  }

  const columns = column.columns([
    column.accessor('name', { header: t('meterTypes.name') }),
    column.accessor('billingMode', {
      header: t('meterTypes.billingMode'),
      cell: (c) => t(`meterTypes.billingModes.${c.getValue()}`),
    }),
    column.accessor('valveControl', {
      header: t('meterTypes.valveControl'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() ? 'teal' : 'gray'}>
          {t(c.getValue() ? 'meterTypes.yes' : 'meterTypes.no')}
        </Badge>
      ),
    }),
    column.accessor('communication', {
      header: t('meterTypes.communication'),
      cell: (c) => t(`meterTypes.communications.${c.getValue()}`),
    }),
    column.accessor('cardKind', {
      header: t('meterTypes.cardKind'),
      cell: (c) => t(`meterTypes.cardKinds.${c.getValue()}`),
    }),
    column.accessor('reportIntervalMinutes', { header: t('meterTypes.reportInterval') }),
    column.accessor('meterCount', { header: t('meterTypes.meterCount') }),
    column.display({
      id: 'actions',
      header: t('meterTypes.actions'),
      cell: (c) => {
        const type = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['business:meterType:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('meterTypes.editOf', { name: type.name })}
                icon="edit"
                onClick={() => setEditing(type)}
              />
            </HasPermi>
            <HasPermi value={['business:meterType:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('meterTypes.removeOf', { name: type.name })}
                icon="trash"
                color="red"
                onClick={() => void remove(type)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useListTable('meter-types-table', {
    columns,
    rows: data?.rows,
    getRowId: (row) => row.meterTypeId,
  });

  return (
    <Card withBorder data-testid="meter-types-page">
      <ListHeader
        title={t('meterTypes.title')}
        table={table}
        testId="meter-types-table"
        exportPermission="business:meterType:export"
        exportFile={() => exportMeterTypes({ ...meterTypeFilter(query), ...sortParams(query) })}
      >
        <HasPermi value={['business:meterType:add']}>
          <Button onClick={() => setEditing('new')}>{t('meterTypes.new')}</Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="meter-types-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('meterTypes.name')}
          value={filters.name}
          maxLength={50}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
        <Select
          label={t('meterTypes.billingMode')}
          w={160}
          clearable
          placeholder={t('meterTypes.all')}
          data={BILLING_MODES.map((v) => ({ value: v, label: t(`meterTypes.billingModes.${v}`) }))}
          value={filters.billingMode || null}
          onChange={(v) => setFilter('billingMode', BILLING_MODES.find((m) => m === v) ?? '')}
        />
        <Select
          label={t('meterTypes.communication')}
          w={180}
          clearable
          placeholder={t('meterTypes.all')}
          data={COMMUNICATIONS.map((v) => ({ value: v, label: t(`meterTypes.communications.${v}`) }))}
          value={filters.communication || null}
          onChange={(v) => setFilter('communication', COMMUNICATIONS.find((m) => m === v) ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={
          isFiltered(meterTypeFilter(query)) ? (
            t('meterTypes.empty')
          ) : (
            <Text c="dimmed" ta="center" py="lg">
              {t('meterTypes.none')}
            </Text>
          )
        }
        testId="meter-types-table"
        sortable={METER_TYPE_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
        cellStyle={figureColumns('reportIntervalMinutes', 'meterCount')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('meterTypes.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <MeterTypeForm
          meterType={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
