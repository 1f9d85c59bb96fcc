import type { PartitionView } from '@hydrolog/schemas';
import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { deletePartition, listPartitions } from './api/cascade.ts';
import { BoundaryDialog } from './BoundaryDialog.tsx';
import { EMPTY_PARTITION_FILTERS, type PartitionQuery, parsePartitionQuery } from './cascadeQuery.ts';
import { PartitionPoints } from './PartitionPoints.tsx';
import { PartitionWizard } from './PartitionWizard.tsx';

/** The route of this page (menu catalogue component 'cascade/partition/index'). */
export const PARTITIONS_PATH = '/cascade/partition';

const fetchPartitions = (query: PartitionQuery) =>
  listPartitions({ pageNum: query.pageNum, pageSize: query.pageSize, name: query.name.trim() || undefined });
const features = tableFeatures({});
const column = createColumnHelper<typeof features, PartitionView>();
const NO_ROWS: PartitionView[] = [];

/**
 * Cascade partitions / Partitions: the tenant's partitions; the creation wizard; the boundary and meter map
 * (imported as GeoJSON or drawn); delete (irreversible).
 */
export function Partitions() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const list = useListPage({
    path: PARTITIONS_PATH,
    parse: parsePartitionQuery,
    empty: EMPTY_PARTITION_FILTERS,
    fetch: fetchPartitions,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const [mapping, setMapping] = useState<PartitionView | null>(null);

  async function remove(partition: PartitionView) {
    const done = await confirmAndRun(
      {
        title: t('cascade.deleteTitle'),
        message: t('cascade.deleteConfirm', { name: partition.name }),
        confirm: t('actions.remove'),
      },
      () => deletePartition(partition.partitionId),
      t('cascade.deleted', { name: partition.name }),
    );
    if (done) list.removed(1);
  }

  const columns = column.columns([
    column.accessor('name', { header: () => t('cascade.name') }),
    column.accessor('leaderName', { header: () => t('cascade.leaderName') }),
    column.accessor('leaderPhone', { header: () => t('cascade.leaderPhone') }),
    column.accessor('thresholds', {
      header: () => t('cascade.thresholds'),
      cell: (c) =>
        t('cascade.thresholdsValue', {
          rate: formatPercent(c.getValue().leakageRate, language),
          mnf: formatNumber(c.getValue().mnf, language, 0, 3),
          kl: formatNumber(c.getValue().kl, language, 0, 3),
        }),
    }),
    column.accessor('pointCount', { header: () => t('cascade.points') }),
    column.accessor('levels', { header: () => t('cascade.levels') }),
    column.accessor('createTime', {
      header: () => t('cascade.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD'),
    }),
    column.display({
      id: 'actions',
      header: () => t('cascade.actions'),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <RowAction
            label={t('cascade.points')}
            ariaLabel={t('cascade.pointsOf', { name: c.row.original.name })}
            icon="eye"
            onClick={() => setOpened(c.row.original.partitionId)}
          />
          <HasPermi value={['cascade:partition:edit']}>
            <RowAction
              label={t('cascade.geo.action')}
              ariaLabel={t('cascade.geo.actionOf', { name: c.row.original.name })}
              icon="map"
              onClick={() => setMapping(c.row.original)}
            />
          </HasPermi>
          <HasPermi value={['cascade:partition:remove']}>
            <RowAction
              label={t('actions.remove')}
              ariaLabel={t('cascade.deleteOf', { name: c.row.original.name })}
              icon="trash"
              color="red"
              onClick={() => void remove(c.row.original)}
            />
          </HasPermi>
        </Group>
      ),
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.partitionId,
  });

  return (
    <Card withBorder data-testid="partitions-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('cascade.partitionsTitle')}</Title>
        <HasPermi value={['cascade:partition:add']}>
          <Button onClick={() => setCreating(true)}>{t('cascade.new')}</Button>
        </HasPermi>
      </Group>
      <FilterBar testId="partitions-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('cascade.name')}
          value={filters.name}
          maxLength={50}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={<Text c="dimmed">{t('cascade.empty')}</Text>}
        testId="partitions-table"
        minWidth={900}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('cascade.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {opened && (
        <PartitionPoints
          partitionId={opened}
          onClose={() => {
            setOpened(null);
            load();
          }}
        />
      )}
      {mapping && (
        <BoundaryDialog
          partition={mapping}
          onClose={(saved) => {
            setMapping(null);
            if (saved) load();
          }}
        />
      )}
      {creating && (
        <PartitionWizard
          onClose={(created) => {
            setCreating(false);
            if (created) load();
          }}
        />
      )}
    </Card>
  );
}
