import type { MeterGroupView, MeterView } from '@hydrolog/schemas';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, listColumns } from '../../components/ListScreen.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { splitMeterNos } from '../../lib/meterQuery.ts';
import { addGroupMeters, listGroupMeters, removeGroupMeters } from './api/meters.ts';

const column = listColumns<MeterView>();

/** The meters of a group: add by number (separated by English commas), remove one at a time. */
export function MeterGroupMembers({ group, onClose }: { group: MeterGroupView; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('meterGroups.membersOf', { name: group.name })} size="xl">
      <Stack>
        <Members group={group} />
        <Text size="xs" c="dimmed">
          {t('meterGroups.membersHint')}
        </Text>
      </Stack>
    </Modal>
  );
}

const Members = defineListScreen({
  bare: true,
  testId: 'meter-group-members',
  tableTestId: 'meter-group-members',
  texts: { empty: 'meterGroups.noMembers', total: 'meters.total', actions: 'meters.actions' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }, { group }: { group: MeterGroupView }) =>
    listGroupMeters(group.groupId, { pageNum, pageSize }),
  rowId: (row) => row.meterId,
  columnChoice: false,
  minWidth: 600,
  above: ({ list, props }) => <AddMeters group={props.group} onAdded={list.load} />,
  columns: ({ t }) => [
    column.accessor('meterNo', { header: () => t('meters.meterNo') }),
    column.accessor('meterTypeName', { header: () => t('meters.type') }),
    column.accessor('link', {
      header: () => t('meters.link'),
      cell: (c) => t(`meters.links.${c.getValue()}`),
    }),
  ],
  remove: ({ t, props: { group } }) => ({
    permission: ['business:group:edit'],
    ariaLabel: (meter) => t('meterGroups.removeMeterOf', { meterNo: meter.meterNo }),
    texts: ([meter]) => ({
      title: t('meterGroups.removeMeterTitle'),
      message: t('meterGroups.removeMeterConfirm', { meterNo: meter?.meterNo, name: group.name }),
      confirm: t('actions.remove'),
    }),
    run: (meters) =>
      removeGroupMeters(
        group.groupId,
        meters.map((meter) => meter.meterId),
      ),
  }),
});

function AddMeters({ group, onAdded }: { group: MeterGroupView; onAdded(): void }) {
  const { t } = useTranslation();
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
      onAdded();
    } catch {
      // shown by the request layer
    } finally {
      setAdding(false);
    }
  }

  return (
    <HasPermi value={['business:group:edit']}>
      <Group align="flex-end" mb="md">
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
  );
}
