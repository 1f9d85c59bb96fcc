import { CASCADE_MAX_LEVELS } from '@hydrolog/schemas';
import { Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { deletePoints, getPartition, type PartitionDetail, type PointView } from './api/cascade.ts';
import { PointForm } from './PointForm.tsx';
import { PointSubMeters } from './SubMeters.tsx';

/** The points in tree order: each point followed by its children (depth first from the root). */
function treeOrder(points: readonly PointView[]): PointView[] {
  const children = new Map<string | null, PointView[]>();
  for (const point of points) children.set(point.parentId, [...(children.get(point.parentId) ?? []), point]);
  const ordered: PointView[] = [];
  const visit = (parentId: string | null) => {
    for (const point of children.get(parentId) ?? []) {
      ordered.push(point);
      visit(point.pointId);
    }
  };
  visit(null);
  return ordered;
}

/**
 * A partition's cascade tree: edit a point's leader and thresholds (the root's are the partition's), see and
 * change a point's sub-meters, add a child point, and delete selected points in one confirmed, irreversible batch (never the root; the server
 * refuses points that still have sub-meters).
 */
export function PartitionPoints({ partitionId, onClose }: { partitionId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [detail, setDetail] = useState<PartitionDetail | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [form, setForm] = useState<{ edit: PointView } | { parent: PointView } | null>(null);
  const [subMetersOf, setSubMetersOf] = useState<PointView | null>(null);

  // A partition gone meanwhile closes the tree (the request layer has said why); the latest onClose, not a reload per render.
  const close = useRef(onClose);
  close.current = onClose;
  const load = useCallback(() => {
    getPartition(partitionId)
      .then(setDetail)
      .catch(() => close.current());
  }, [partitionId]);
  useEffect(load, [load]);

  const toggle = (pointId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(pointId);
      else next.delete(pointId);
      return next;
    });

  async function removeSelected() {
    const done = await confirmAndRun(
      {
        title: t('cascade.pointsDeleteTitle'),
        message: t('cascade.pointsDeleteConfirm', { count: selected.size }),
        confirm: t('actions.remove'),
      },
      () => deletePoints([...selected]),
      t('cascade.pointsDeleted', { count: selected.size }),
    );
    if (done) {
      setSelected(new Set());
      load();
    }
  }

  const points = detail ? treeOrder(detail.points) : [];
  return (
    <Modal opened onClose={onClose} size="90%" title={t('cascade.pointsTitle', { name: detail?.name ?? '' })}>
      {!detail ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
        <Stack data-testid="partition-points">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('cascade.pointsHint')}
            </Text>
            <HasPermi value={['cascade:partition:remove']}>
              <Button
                color="red"
                variant="light"
                disabled={selected.size === 0}
                onClick={() => void removeSelected()}
              >
                {t('cascade.pointsDelete', { count: selected.size })}
              </Button>
            </HasPermi>
          </Group>
          <Table.ScrollContainer minWidth={900}>
            <Table striped data-testid="partition-points-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>{t('cascade.pointName')}</Table.Th>
                  <Table.Th>{t('cascade.level')}</Table.Th>
                  <Table.Th>{t('cascade.summaryMeter')}</Table.Th>
                  <Table.Th>{t('cascade.subMeters')}</Table.Th>
                  <Table.Th>{t('cascade.leaderName')}</Table.Th>
                  <Table.Th>{t('cascade.thresholds')}</Table.Th>
                  <Table.Th>{t('cascade.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {points.map((point) => {
                  const isRoot = point.parentId === null;
                  return (
                    <Table.Tr key={point.pointId}>
                      <Table.Td>
                        {/* The root goes only with its partition. */}
                        {!isRoot && (
                          <Checkbox
                            aria-label={t('cascade.selectPoint', { name: point.name })}
                            checked={selected.has(point.pointId)}
                            onChange={(e) => toggle(point.pointId, e.currentTarget.checked)}
                          />
                        )}
                      </Table.Td>
                      <Table.Td
                        pl={`calc(${point.level - 1} * 1.25rem + var(--table-horizontal-spacing, 0.75rem))`}
                      >
                        {point.name}
                      </Table.Td>
                      <Table.Td>{point.level}</Table.Td>
                      <Table.Td>{point.summaryMeter?.meterNo ?? '—'}</Table.Td>
                      <Table.Td>{point.subMeterCount}</Table.Td>
                      <Table.Td>
                        {point.leaderName} · {point.leaderPhone}
                      </Table.Td>
                      <Table.Td>
                        {t('cascade.thresholdsValue', {
                          rate: formatPercent(point.thresholds.leakageRate, language),
                          mnf: formatNumber(point.thresholds.mnf, language, 0, 3),
                          kl: formatNumber(point.thresholds.kl, language, 0, 3),
                        })}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <HasPermi value={['cascade:partition:edit']}>
                            <RowAction
                              label={t('actions.edit')}
                              ariaLabel={t('cascade.pointEditOf', { name: point.name })}
                              icon="edit"
                              onClick={() => setForm({ edit: point })}
                            />
                          </HasPermi>
                          <RowAction
                            label={t('cascade.subMeters')}
                            ariaLabel={t('cascade.subMetersOf', { name: point.name })}
                            icon="gauge"
                            onClick={() => setSubMetersOf(point)}
                          />
                          {point.level < CASCADE_MAX_LEVELS && (
                            <HasPermi value={['cascade:partition:add']}>
                              <RowAction
                                label={t('cascade.pointAdd')}
                                ariaLabel={t('cascade.pointAddUnder', { name: point.name })}
                                icon="plus"
                                onClick={() => setForm({ parent: point })}
                              />
                            </HasPermi>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {subMetersOf && (
        <PointSubMeters
          point={subMetersOf}
          onClose={(changed) => {
            setSubMetersOf(null);
            if (changed) load();
          }}
        />
      )}
      {form && (
        <PointForm
          partitionId={partitionId}
          target={form}
          onClose={(saved) => {
            setForm(null);
            if (saved) load();
          }}
        />
      )}
    </Modal>
  );
}
