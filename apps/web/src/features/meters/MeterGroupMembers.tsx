import type { MeterGroupView, MeterView } from '@hydrolog/schemas';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { usePagedList } from '../../hooks/usePagedList.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { type PageQuery, pageAfterRemoval } from '../../lib/listQuery.ts';
import { splitMeterNos } from '../../lib/meterQuery.ts';
import { addGroupMeters, listGroupMeters, removeGroupMeters } from './api/meters.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, MeterView>();
const NO_ROWS: MeterView[] = [];

/** The meters of a group: add by number (separated by English commas), remove one at a time. */
export function MeterGroupMembers({ group, onClose }: { group: MeterGroupView; onClose(): void }) {
  const { t } = useTranslation();
  const fetchMembers = useCallback(
    (page: PageQuery) => listGroupMeters(group.groupId, page),
    [group.groupId],
  );
  const { page, setPage, data, loading, load } = usePagedList(fetchMembers);
  const [numbers, setNumbers] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  async function add() {
    const meterNos = splitMeterNos(numbers);
    if (meterNos.length === 0) return setError(t('meterGroups.numbersRequired'));
    if (meterNos.some((no) => !/^\d{1,32}$/.test(no))) return setError(t('meterGroups.numbersInvalid'));
    setAdding(true);
    try {
      await addGroupMeters(group.groupId, meterNos);
      setNumbers('');
      setError(null);
      load();
    } catch {
      // shown by the request layer
    } finally {
      setAdding(false);
    }
  }

  async function remove(meter: MeterView) {
    const done = await confirmAndRun(
      {
        title: t('meterGroups.removeMeterTitle'),
        message: t('meterGroups.removeMeterConfirm', { meterNo: meter.meterNo, name: group.name }),
        confirm: t('actions.remove'),
      },
      () => removeGroupMeters(group.groupId, [meter.meterId]),
    );
    if (!done) return;
    const pageNum = pageAfterRemoval(page, data?.total ?? 0, 1);
    if (pageNum === page.pageNum) load();
    else setPage({ ...page, pageNum });
  }

  const columns = column.columns([
    column.accessor('meterNo', { header: () => t('meters.meterNo') }),
    column.accessor('meterTypeName', { header: () => t('meters.type') }),
    column.accessor('link', {
      header: () => t('meters.link'),
      cell: (c) => t(`meters.links.${c.getValue()}`),
    }),
    column.display({
      id: 'actions',
      header: () => t('meters.actions'),
      cell: (c) => (
        <HasPermi value={['business:group:edit']}>
          <RowAction
            label={t('actions.remove')}
            ariaLabel={t('meterGroups.removeMeterOf', { meterNo: c.row.original.meterNo })}
            icon="trash"
            color="red"
            onClick={() => void remove(c.row.original)}
          />
        </HasPermi>
      ),
    }),
  ]);
  const table = useTable({ features, columns, data: data?.rows ?? NO_ROWS, getRowId: (row) => row.meterId });

  return (
    <Modal opened onClose={onClose} title={t('meterGroups.membersOf', { name: group.name })} size="xl">
      <Stack>
        <HasPermi value={['business:group:edit']}>
          <Group align="flex-end">
            <Textarea
              label={t('meterGroups.addNumbers')}
              description={t('meterGroups.addNumbersHint')}
              autosize
              minRows={1}
              maxRows={4}
              value={numbers}
              onChange={(e) => setNumbers(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
            />
            <Button loading={adding} onClick={() => void add()}>
              {t('meterGroups.add')}
            </Button>
          </Group>
        </HasPermi>
        <ListTable
          table={table}
          rows={data?.rows ?? null}
          loading={loading}
          empty={t('meterGroups.noMembers')}
          testId="meter-group-members"
          minWidth={600}
        />
        <ListPager
          total={data?.total ?? 0}
          totalLabel={t('meters.total', { count: data?.total ?? 0 })}
          page={page}
          onChange={setPage}
        />
        <Text size="xs" c="dimmed">
          {t('meterGroups.membersHint')}
        </Text>
      </Stack>
    </Modal>
  );
}
