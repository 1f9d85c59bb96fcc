import type { PartitionView } from '@hydrolog/schemas';
import dayjs from 'dayjs';
import { useState } from 'react';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { deletePartition, listPartitions } from './api/cascade.ts';
import { BoundaryDialog } from './BoundaryDialog.tsx';
import { partitionFilters } from './cascadeQuery.ts';
import { PartitionPoints } from './PartitionPoints.tsx';
import { PartitionWizard } from './PartitionWizard.tsx';

/** The route of this page (menu catalogue component 'cascade/partition/index'). */
export const PARTITIONS_PATH = '/cascade/partition';

const column = listColumns<PartitionView>();

/**
 * Cascade partitions / Partitions: the tenant's partitions; the creation wizard; the boundary and meter map
 * (imported as GeoJSON or drawn); delete (irreversible).
 */
export const Partitions = defineListScreen({
  path: PARTITIONS_PATH,
  testId: 'partitions',
  texts: {
    title: 'cascade.partitionsTitle',
    empty: 'cascade.empty',
    total: 'cascade.total',
    actions: 'cascade.actions',
  },
  filters: partitionFilters,
  fetch: ({ pageNum, pageSize, name }) => listPartitions({ pageNum, pageSize, name: name || undefined }),
  rowId: (row) => row.partitionId,
  usePage: () => {
    const [creating, setCreating] = useState(false);
    const [opened, setOpened] = useState<string | null>(null);
    const [mapping, setMapping] = useState<PartitionView | null>(null);
    return { creating, setCreating, opened, setOpened, mapping, setMapping };
  },
  filterBar: (bar, { t }) => <TextFilter bar={bar} name="name" label={t('cascade.name')} maxLength={50} />,
  columns: ({ t, language }) => [
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
  ],
  rowActions: (partition, { t, page }) => [
    {
      label: t('cascade.points'),
      ariaLabel: t('cascade.pointsOf', { name: partition.name }),
      icon: 'eye',
      onClick: () => page.setOpened(partition.partitionId),
    },
    {
      label: t('cascade.geo.action'),
      ariaLabel: t('cascade.geo.actionOf', { name: partition.name }),
      icon: 'map',
      permission: ['cascade:partition:edit'],
      onClick: () => page.setMapping(partition),
    },
  ],
  remove: ({ t }) => ({
    permission: ['cascade:partition:remove'],
    ariaLabel: (partition) => t('cascade.deleteOf', { name: partition.name }),
    texts: ([partition]) => ({
      title: t('cascade.deleteTitle'),
      message: t('cascade.deleteConfirm', { name: partition?.name }),
      confirm: t('actions.remove'),
      done: t('cascade.deleted', { name: partition?.name }),
    }),
    run: ([partition]) => (partition ? deletePartition(partition.partitionId) : Promise.resolve()),
  }),
  actions: ({ t, page }) => [
    { label: t('cascade.new'), permission: ['cascade:partition:add'], onClick: () => page.setCreating(true) },
  ],
  minWidth: 900,
  dialogs: ({ list, page }) => (
    <>
      {page.opened && (
        <PartitionPoints
          partitionId={page.opened}
          onClose={() => {
            page.setOpened(null);
            list.load();
          }}
        />
      )}
      {page.mapping && (
        <BoundaryDialog
          partition={page.mapping}
          onClose={(saved) => {
            page.setMapping(null);
            if (saved) list.load();
          }}
        />
      )}
      {page.creating && (
        <PartitionWizard
          onClose={(created) => {
            page.setCreating(false);
            if (created) list.load();
          }}
        />
      )}
    </>
  ),
});
