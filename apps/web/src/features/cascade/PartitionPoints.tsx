import { CASCADE_MAX_LEVELS } from '@hydrolog/schemas';
import { Box, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, listColumns } from '../../components/ListScreen.tsx';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { type TreeRow, treeRows } from '../../lib/treeRows.ts';
import { deletePoints, getPartition, type PointView } from './api/cascade.ts';
import { PointForm } from './PointForm.tsx';
import { PointSubMeters } from './SubMeters.tsx';

type PointRow = PointView & TreeRow;
const POINT_TREE = {
  id: (point: PointView) => point.pointId,
  parentId: (point: PointView) => point.parentId,
  // Siblings keep the server's order (by name): the sort is stable.
  compare: () => 0,
};

/**
 * A partition's cascade tree: edit a point's leader and thresholds (the root's are the partition's), see and
 * change a point's sub-meters, add a child point, and delete selected points in one confirmed, irreversible batch (never the root; the server
 * refuses points that still have sub-meters).
 */
export function PartitionPoints({ partitionId, onClose }: { partitionId: string; onClose(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <Modal opened onClose={onClose} size="90%" title={t('cascade.pointsTitle', { name })}>
      <Points partitionId={partitionId} onLoaded={setName} onGone={onClose} />
    </Modal>
  );
}

interface PointsProps {
  partitionId: string;
  /** The partition's name, for the dialog's title. */
  onLoaded(name: string): void;
  /** The partition is gone meanwhile (the request layer has said why): the tree closes. */
  onGone(): void;
}

const column = listColumns<PointRow>();

const Points = defineListScreen({
  bare: true,
  tree: true,
  testId: 'partition-points',
  texts: { intro: 'cascade.pointsHint', empty: 'cascade.pointsEmpty', actions: 'cascade.actions' },
  filters: z.object({}),
  fetch: (_query, { partitionId, onLoaded, onGone }: PointsProps) =>
    getPartition(partitionId).then(
      (detail) => {
        onLoaded(detail.name);
        return { total: detail.points.length, rows: treeRows(detail.points, POINT_TREE) };
      },
      (error: unknown) => {
        onGone();
        throw error;
      },
    ),
  rowId: (point) => point.pointId,
  usePage: () => {
    const [form, setForm] = useState<{ edit: PointView } | { parent: PointView } | null>(null);
    const [subMetersOf, setSubMetersOf] = useState<PointView | null>(null);
    return { form, setForm, subMetersOf, setSubMetersOf };
  },
  columnChoice: false,
  minWidth: 900,
  rowProps: (point) => ({ 'aria-level': point.level }),
  columns: ({ t, language }) => [
    column.accessor('name', {
      header: t('cascade.pointName'),
      cell: (c) => <Box style={{ paddingLeft: c.row.original.depth * 20 }}>{c.getValue()}</Box>,
    }),
    column.accessor('level', { header: t('cascade.level') }),
    column.accessor((point) => point.summaryMeter?.meterNo ?? '—', {
      id: 'summaryMeter',
      header: t('cascade.summaryMeter'),
    }),
    column.accessor('subMeterCount', { header: t('cascade.subMeters') }),
    column.accessor((point) => `${point.leaderName} · ${point.leaderPhone}`, {
      id: 'leader',
      header: t('cascade.leaderName'),
    }),
    column.accessor('thresholds', {
      header: t('cascade.thresholds'),
      cell: (c) =>
        t('cascade.thresholdsValue', {
          rate: formatPercent(c.getValue().leakageRate, language),
          mnf: formatNumber(c.getValue().mnf, language, 0, 3),
          kl: formatNumber(c.getValue().kl, language, 0, 3),
        }),
    }),
  ],
  rowActions: (point, { t, page }) => [
    {
      label: t('actions.edit'),
      ariaLabel: t('cascade.pointEditOf', { name: point.name }),
      icon: 'edit',
      permission: ['cascade:partition:edit'],
      onClick: () => page.setForm({ edit: point }),
    },
    {
      label: t('cascade.subMeters'),
      ariaLabel: t('cascade.subMetersOf', { name: point.name }),
      icon: 'gauge',
      onClick: () => page.setSubMetersOf(point),
    },
    ...(point.level < CASCADE_MAX_LEVELS
      ? [
          {
            label: t('cascade.pointAdd'),
            ariaLabel: t('cascade.pointAddUnder', { name: point.name }),
            icon: 'plus',
            permission: ['cascade:partition:add'],
            onClick: () => page.setForm({ parent: point }),
          },
        ]
      : []),
  ],
  selectLabels: ({ t }) => ({
    all: t('cascade.selectPoints'),
    one: (point) => t('cascade.selectPoint', { name: point.name }),
  }),
  remove: ({ t }) => ({
    permission: ['cascade:partition:remove'],
    selectedOnly: true,
    // The root goes only with its partition.
    allowed: (point) => point.parentId !== null,
    ariaLabel: (point) => t('cascade.selectPoint', { name: point.name }),
    selected: (count) => t('cascade.pointsDelete', { count }),
    texts: (points) => ({
      title: t('cascade.pointsDeleteTitle'),
      message: t('cascade.pointsDeleteConfirm', { count: points.length }),
      confirm: t('actions.remove'),
      done: t('cascade.pointsDeleted', { count: points.length }),
    }),
    run: (points) => deletePoints(points.map((point) => point.pointId)),
  }),
  dialogs: ({ page, list, props }) => (
    <>
      {page.subMetersOf && (
        <PointSubMeters
          point={page.subMetersOf}
          onClose={(changed) => {
            page.setSubMetersOf(null);
            if (changed) list.load();
          }}
        />
      )}
      {page.form && (
        <PointForm
          partitionId={props.partitionId}
          target={page.form}
          onClose={(saved) => {
            page.setForm(null);
            if (saved) list.load();
          }}
        />
      )}
    </>
  ),
});
