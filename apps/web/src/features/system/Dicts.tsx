import type { DictDataView } from '@hydrolog/schemas';
import { Autocomplete, Badge } from '@mantine/core';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  StatusFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { defaultCellStyle } from '../../components/ListTable.tsx';
import { EnabledBadge } from '../../components/TableCells.tsx';
import { apiListQuery } from '../../lib/listQuery.ts';
import { deleteDictData, listDictData } from './api/settings.ts';
import { DictForm } from './DictForm.tsx';
import { DictTypes } from './DictTypes.tsx';
import { LIST_CLASS_COLORS } from './dictListClass.ts';
import { dictFilters } from './settingsQuery.ts';

/** The route of this page (menu catalogue component 'system/dict/index'). */
export const DICTS_PATH = '/platform/dict';

const column = listColumns<DictDataView>();
/** The largest page: the dictionary types the filter suggests are read from its rows (typing any works). */
const TYPE_SAMPLE = { pageNum: 1, pageSize: 50 };
const nameOf = (entry: DictDataView) => `${entry.dictType} ${entry.dictValue}`;

function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'remark') return { minWidth: 140 };
  return defaultCellStyle(columnId);
}

interface DictsProps {
  /** The route of a page of one dictionary (/dict/type/data/{dictId}). */
  path?: string;
  /** That one dictionary. */
  dictType?: string;
}

/**
 * Platform / Dictionaries: the dictionary entries, their labels in the four languages and colours. With
 * `dictType` (the /dict/type/data/{dictId} page), the entries of that one dictionary.
 */
export const Dicts = defineListScreen({
  path: ({ path = DICTS_PATH }: DictsProps) => path,
  testId: 'dicts',
  texts: listTexts('dicts'),
  filters: dictFilters,
  fetch: (query, { dictType }: DictsProps) =>
    listDictData(apiListQuery(dictType ? { ...query, dictType } : query)),
  rowId: (row) => row.dictCode,
  usePage: (list) => {
    const [showTypes, setShowTypes] = useState(false);
    const [knownTypes, setKnownTypes] = useState<string[]>([]);
    useEffect(() => {
      listDictData(TYPE_SAMPLE).then(
        ({ rows }) => setKnownTypes(rows.map((r) => r.dictType)),
        () => undefined,
      );
    }, []);
    // The types of the sample and of the rows shown, once each.
    const rows = list.data?.rows;
    const types = useMemo(
      () => [...new Set([...knownTypes, ...(rows ?? []).map((r) => r.dictType)])].sort(),
      [knownTypes, rows],
    );
    return { showTypes, setShowTypes, types, setKnownTypes };
  },
  title: ({ t, props }) =>
    props.dictType ? t('dictTypes.dataOf', { type: props.dictType }) : t('dicts.title'),
  filterBar: (bar, { t, page, props }) => (
    <>
      {!props.dictType && (
        <Autocomplete
          label={t('dicts.dictType')}
          w={200}
          placeholder={t('dicts.allTypes')}
          autoComplete="off"
          maxLength={100}
          data={page.types}
          value={bar.filters.dictType}
          onChange={(value) => bar.setFilter('dictType', value)}
        />
      )}
      <TextFilter bar={bar} name="dictLabel" label={t('dicts.dictLabel')} maxLength={100} />
      <StatusFilter bar={bar} group="dicts" />
    </>
  ),
  columns: ({ t }) => [
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
      cell: (c) => <EnabledBadge status={c.getValue()} label={t(`dicts.statuses.${c.getValue()}`)} />,
    }),
    column.accessor('remark', { header: () => t('dicts.remark'), cell: (c) => c.getValue() ?? '' }),
  ],
  selectLabels: ({ t }) => ({
    all: t('dicts.selectAll'),
    one: (row) => t('dicts.select', { name: nameOf(row) }),
  }),
  editRow: editRowOf<DictDataView>('dicts', 'system:dict:edit', nameOf),
  remove: ({ t }) => ({
    permission: ['system:dict:remove'],
    ariaLabel: (entry) => t('dicts.removeOf', { name: nameOf(entry) }),
    selected: (count) => t('dicts.removeSelected', { count }),
    texts: (entries) => ({
      title: t('dicts.removeTitle'),
      message: t('dicts.removeConfirm', {
        names: entries.map((e) => `${e.dictType} ${e.dictLabel}`).join(', '),
      }),
      confirm: t('dicts.remove'),
      done: t('dicts.removed', { count: entries.length }),
    }),
    run: (entries) => deleteDictData(entries.map((e) => e.dictCode)),
  }),
  create: ({ t }) => ({ label: t('dicts.new'), permission: ['system:dict:add'] }),
  actions: ({ t, page, props }) => [
    ...(props.dictType
      ? []
      : [
          {
            label: t('dictTypes.title'),
            permission: ['system:dict:list'],
            variant: 'default',
            onClick: () => page.setShowTypes(true),
          },
        ]),
  ],
  cellStyle,
  form: ({ row, close }, { list, page, props }) => (
    <DictForm
      entry={row}
      dictType={props.dictType ?? list.query.dictType}
      types={page.types}
      onClose={close}
      onSaved={(saved) => {
        close();
        page.setKnownTypes((known) => [...known, saved]);
        list.load();
      }}
    />
  ),
  dialogs: ({ page }) => page.showTypes && <DictTypes onClose={() => page.setShowTypes(false)} />,
});
