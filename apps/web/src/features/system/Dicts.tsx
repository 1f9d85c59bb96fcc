import type { DictDataView } from '@hydrolog/schemas';
import { Autocomplete, Badge, Button, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultCellStyle,
  FilterBar,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { deleteDictData, listDictData } from './api/settings.ts';
import { DictForm } from './DictForm.tsx';
import { DictTypes } from './DictTypes.tsx';
import { LIST_CLASS_COLORS } from './dictListClass.ts';
import { type DictQuery, dictListQuery, EMPTY_DICT_FILTERS, parseDictQuery } from './settingsQuery.ts';

/** The route of this page (menu catalogue component 'system/dict/index'). */
export const DICTS_PATH = '/platform/dict';

const fetchDictData = (query: DictQuery) => listDictData(dictListQuery(query));

const column = createColumnHelper<typeof selectableFeatures, DictDataView>();
const NO_ROWS: DictDataView[] = [];
const STATUSES = ['0', '1'] as const;
/** The largest page: the dictionary types the filter suggests are read from its rows (typing any works). */
const TYPE_SAMPLE = { pageNum: 1, pageSize: 50 };

function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'remark') return { minWidth: 140 };
  return defaultCellStyle(columnId);
}

/**
 * Platform / Dictionaries: the dictionary entries, their labels in the four languages and colours. With
 * `dictType` (the /dict/type/data/{dictId} page), the entries of that one dictionary.
 */
export function Dicts({ path = DICTS_PATH, dictType }: { path?: string; dictType?: string } = {}) {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path,
    parse: parseDictQuery,
    empty: EMPTY_DICT_FILTERS,
    fetch: dictType ? (query: DictQuery) => fetchDictData({ ...query, dictType }) : fetchDictData,
  });
  const { query, filters, setFilter, data, loading, selection, setSelection, load, search, reset } = list;
  const [editing, setEditing] = useState<DictDataView | 'new' | null>(null);
  const [showTypes, setShowTypes] = useState(false);
  const [knownTypes, setKnownTypes] = useState<string[]>([]);

  useEffect(() => {
    listDictData(TYPE_SAMPLE).then(
      ({ rows }) => setKnownTypes(rows.map((r) => r.dictType)),
      () => undefined,
    );
  }, []);
  // The types of the sample and of the rows shown, once each.
  const types = useMemo(
    () => [...new Set([...knownTypes, ...(data?.rows ?? NO_ROWS).map((r) => r.dictType)])].sort(),
    [knownTypes, data],
  );

  async function remove(entries: DictDataView[]) {
    if (entries.length === 0) return;
    const done = await confirmAndRun(
      {
        title: t('dicts.removeTitle'),
        message: t('dicts.removeConfirm', {
          names: entries.map((e) => `${e.dictType} ${e.dictLabel}`).join(', '),
        }),
        confirm: t('dicts.remove'),
      },
      () => deleteDictData(entries.map((e) => e.dictCode)),
      t('dicts.removed', { count: entries.length }),
    );
    if (done) list.removed(entries.length);
  }

  const nameOf = (entry: DictDataView) => `${entry.dictType} ${entry.dictValue}`;
  const canSelect = hasPermi(['system:dict:remove']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<DictDataView>({
            all: t('dicts.selectAll'),
            one: (row) => t('dicts.select', { name: nameOf(row) }),
          }),
        ]
      : []),
    column.accessor('dictType', { header: () => t('dicts.dictType') }),
    column.accessor('dictValue', { header: () => t('dicts.dictValue') }),
    column.accessor('dictLabel', {
      header: () => t('dicts.dictLabel'),
      cell: (c) => (
        <Badge variant="light" color={LIST_CLASS_COLORS[c.row.original.listClass]} tt="none">
          {c.getValue()}
        </Badge>
      ),
    }),
    column.accessor('dictSort', { header: () => t('dicts.dictSort') }),
    column.accessor('isDefault', {
      header: () => t('dicts.isDefault'),
      cell: (c) => t(`dicts.yesNo.${c.getValue()}`),
    }),
    column.accessor('status', {
      header: () => t('dicts.status'),
      cell: (c) => (
        <Badge color={c.getValue() === '0' ? 'green' : 'gray'} variant="light">
          {t(`dicts.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('remark', { header: () => t('dicts.remark'), cell: (c) => c.getValue() ?? '' }),
    column.display({
      id: 'actions',
      header: () => t('dicts.actions'),
      cell: (c) => {
        const entry = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:dict:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('dicts.editOf', { name: nameOf(entry) })}
                icon="edit"
                onClick={() => setEditing(entry)}
              />
            </HasPermi>
            <HasPermi value={['system:dict:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('dicts.removeOf', { name: nameOf(entry) })}
                icon="trash"
                color="red"
                onClick={() => void remove([entry])}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features: selectableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.dictCode,
    enableRowSelection: canSelect,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => selection[row.dictCode]);

  return (
    <Card withBorder data-testid="dicts-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{dictType ? t('dictTypes.dataOf', { type: dictType }) : t('dicts.title')}</Title>
        <Group gap="xs">
          {!dictType && (
            <HasPermi value={['system:dict:list']}>
              <Button variant="default" onClick={() => setShowTypes(true)}>
                {t('dictTypes.title')}
              </Button>
            </HasPermi>
          )}
          <HasPermi value={['system:dict:remove']}>
            <Button
              color="red"
              variant="light"
              disabled={selected.length === 0}
              onClick={() => void remove(selected)}
            >
              {t('dicts.removeSelected', { count: selected.length })}
            </Button>
          </HasPermi>
          <HasPermi value={['system:dict:add']}>
            <Button onClick={() => setEditing('new')}>{t('dicts.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="dicts-filter" onSearch={search} onReset={reset}>
        {!dictType && (
          <Autocomplete
            label={t('dicts.dictType')}
            w={200}
            placeholder={t('dicts.allTypes')}
            autoComplete="off"
            maxLength={100}
            data={types}
            value={filters.dictType}
            onChange={(value) => setFilter('dictType', value)}
          />
        )}
        <TextInput
          label={t('dicts.dictLabel')}
          value={filters.dictLabel}
          maxLength={100}
          onChange={(e) => setFilter('dictLabel', e.currentTarget.value)}
        />
        <Select
          label={t('dicts.status')}
          w={160}
          placeholder={t('dicts.allStatuses')}
          clearable
          data={STATUSES.map((s) => ({ value: s, label: t(`dicts.statuses.${s}`) }))}
          value={filters.status || null}
          onChange={(value) => setFilter('status', value === '0' || value === '1' ? value : '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('dicts.empty')}
        testId="dicts-table"
        selection={selection}
        cellStyle={cellStyle}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('dicts.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {showTypes && <DictTypes onClose={() => setShowTypes(false)} />}
      {editing && (
        <DictForm
          entry={editing === 'new' ? null : editing}
          dictType={dictType ?? query.dictType}
          types={types}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setKnownTypes((known) => [...known, saved]);
            load();
          }}
        />
      )}
    </Card>
  );
}
