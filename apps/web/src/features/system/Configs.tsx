import type { ConfigView } from '@hydrolog/schemas';
import { Badge, Button, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { type CSSProperties, useState } from 'react';
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
import { clearConfigCache, deleteConfigs, listConfigs } from './api/settings.ts';
import { ConfigForm } from './ConfigForm.tsx';
import {
  type ConfigQuery,
  configListQuery,
  EMPTY_CONFIG_FILTERS,
  parseConfigQuery,
} from './settingsQuery.ts';

/** The route of this page (menu catalogue component 'system/config/index'). */
export const CONFIGS_PATH = '/platform/config';

const fetchConfigs = (query: ConfigQuery) => listConfigs(configListQuery(query));

const column = createColumnHelper<typeof selectableFeatures, ConfigView>();
const NO_ROWS: ConfigView[] = [];
const CONFIG_TYPES = ['Y', 'N'] as const;

function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'remark' || columnId === 'configValue') return { minWidth: 140, wordBreak: 'break-all' };
  return defaultCellStyle(columnId);
}

/** Platform / Configuration: the system parameters; built-in ones can be edited, not deleted. */
export function Configs() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: CONFIGS_PATH,
    parse: parseConfigQuery,
    empty: EMPTY_CONFIG_FILTERS,
    fetch: fetchConfigs,
  });
  const { query, filters, setFilter, data, loading, selection, setSelection, load, search, reset } = list;
  const [editing, setEditing] = useState<ConfigView | 'new' | null>(null);

  async function remove(configs: ConfigView[]) {
    if (configs.length === 0) return;
    // Refused: shown by the request layer (a built-in parameter)
    const done = await confirmAndRun(
      {
        title: t('configs.removeTitle'),
        message: t('configs.removeConfirm', { names: configs.map((c) => c.configKey).join(', ') }),
        confirm: t('configs.remove'),
      },
      () => deleteConfigs(configs.map((c) => c.configId)),
      t('configs.removed', { count: configs.length }),
    );
    if (done) list.removed(configs.length);
  }

  async function refreshCache() {
    try {
      await clearConfigCache();
      notifications.show({ color: 'green', message: t('configs.cacheRefreshed') });
      load();
    } catch {
      // shown by the request layer
    }
  }

  const canSelect = hasPermi(['system:config:remove']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<ConfigView>({
            all: t('configs.selectAll'),
            one: (row) => t('configs.select', { name: row.configKey }),
          }),
        ]
      : []),
    column.accessor('configName', { header: () => t('configs.configName') }),
    column.accessor('configKey', { header: () => t('configs.configKey') }),
    column.accessor('configValue', { header: () => t('configs.configValue') }),
    column.accessor('configType', {
      header: () => t('configs.configType'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() === 'Y' ? 'blue' : 'gray'}>
          {t(`configs.configTypes.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('remark', { header: () => t('configs.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('createTime', {
      header: () => t('configs.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss'),
    }),
    column.display({
      id: 'actions',
      header: () => t('configs.actions'),
      cell: (c) => {
        const config = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:config:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('configs.editOf', { name: config.configKey })}
                icon="edit"
                onClick={() => setEditing(config)}
              />
            </HasPermi>
            <HasPermi value={['system:config:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('configs.removeOf', { name: config.configKey })}
                icon="trash"
                color="red"
                onClick={() => void remove([config])}
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
    getRowId: (row) => row.configId,
    enableRowSelection: canSelect,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => selection[row.configId]);

  return (
    <Card withBorder data-testid="configs-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('configs.title')}</Title>
        <Group gap="xs">
          <HasPermi value={['system:config:remove']}>
            <Button variant="default" onClick={() => void refreshCache()}>
              {t('configs.refreshCache')}
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={selected.length === 0}
              onClick={() => void remove(selected)}
            >
              {t('configs.removeSelected', { count: selected.length })}
            </Button>
          </HasPermi>
          <HasPermi value={['system:config:add']}>
            <Button onClick={() => setEditing('new')}>{t('configs.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="configs-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('configs.configName')}
          value={filters.configName}
          maxLength={100}
          onChange={(e) => setFilter('configName', e.currentTarget.value)}
        />
        <TextInput
          label={t('configs.configKey')}
          value={filters.configKey}
          maxLength={100}
          onChange={(e) => setFilter('configKey', e.currentTarget.value)}
        />
        <Select
          label={t('configs.configType')}
          w={160}
          placeholder={t('configs.allTypes')}
          clearable
          data={CONFIG_TYPES.map((v) => ({ value: v, label: t(`configs.configTypes.${v}`) }))}
          value={filters.configType || null}
          onChange={(value) => setFilter('configType', value === 'Y' || value === 'N' ? value : '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('configs.empty')}
        testId="configs-table"
        selection={selection}
        cellStyle={cellStyle}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('configs.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <ConfigForm
          config={editing === 'new' ? null : editing}
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
