import {
  METER_GROUP_SORT_COLUMNS,
  type MeterGroupBody,
  type MeterGroupView,
  meterGroupBodySchema,
} from '@hydrolog/schemas';
import { Button, Card, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
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
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  EMPTY_METER_GROUP_FILTERS,
  isFiltered,
  type MeterGroupQuery,
  meterGroupFilter,
  parseMeterGroupQuery,
} from '../../lib/meterQuery.ts';
import {
  createMeterGroup,
  deleteMeterGroups,
  exportMeterGroups,
  listMeterGroups,
  updateMeterGroup,
} from './api/meters.ts';
import { MeterGroupMembers } from './MeterGroupMembers.tsx';

/** The route of this page (menu catalogue component 'business/group/index'). */
export const METER_GROUPS_PATH = '/meter/group';

const fetchGroups = (query: MeterGroupQuery) =>
  listMeterGroups({ ...pageParams(query), ...meterGroupFilter(query) });
const column = createColumnHelper<typeof listFeatures, MeterGroupView>();

type Values = { name: string; remark: string } & Record<string, unknown>;

/** Create or rename a group. */
function MeterGroupForm({
  group,
  onClose,
  onSaved,
}: {
  group: MeterGroupView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, MeterGroupBody>(meterGroupBodySchema, {
    name: group?.name ?? '',
    remark: group?.remark ?? '',
  });
  async function submit() {
    const saved = await form.submit((data) => {
      const body = { name: data.name, remark: data.remark || undefined };
      return group
        ? updateMeterGroup({ ...body, groupId: group.groupId, version: group.version })
        : createMeterGroup(body);
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('meterGroups.saved') });
    onSaved();
  }
  return (
    <Modal opened onClose={onClose} title={t(group ? 'meterGroups.edit' : 'meterGroups.new')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('meterGroups.name')}
            withAsterisk
            data-autofocus
            maxLength={50}
            {...form.text('name')}
          />
          <Textarea
            label={t('meterGroups.remark')}
            maxLength={100}
            value={form.values.remark}
            onChange={(e) => form.set('remark', e.currentTarget.value)}
            error={form.errors.remark}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Meters / Meter groups: named sets of meters (unique names), their members added by number. */
export function MeterGroups() {
  const { t } = useTranslation();
  const list = useListPage({
    path: METER_GROUPS_PATH,
    parse: parseMeterGroupQuery,
    empty: EMPTY_METER_GROUP_FILTERS,
    fetch: fetchGroups,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [editing, setEditing] = useState<MeterGroupView | 'new' | null>(null);
  const [members, setMembers] = useState<MeterGroupView | null>(null);

  async function remove(group: MeterGroupView) {
    const done = await confirmAndRun(
      {
        title: t('meterGroups.removeTitle'),
        message: t('meterGroups.removeConfirm', { name: group.name }),
        confirm: t('actions.remove'),
      },
      () => deleteMeterGroups([group.groupId]),
      t('meterGroups.removed', { name: group.name }),
    );
    if (done) list.removed(1);
  }

  const columns = column.columns([
    column.accessor('name', { header: t('meterGroups.name') }),
    column.accessor('remark', { header: t('meterGroups.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('meterCount', { header: t('meterGroups.meterCount') }),
    column.accessor('createTime', {
      header: t('meterGroups.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
    column.display({
      id: 'actions',
      header: t('meterGroups.actions'),
      cell: (c) => {
        const group = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['business:group:query']}>
              <RowAction
                label={t('meterGroups.members')}
                ariaLabel={t('meterGroups.membersOf', { name: group.name })}
                icon="gauge"
                onClick={() => setMembers(group)}
              />
            </HasPermi>
            <HasPermi value={['business:group:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('meterGroups.editOf', { name: group.name })}
                icon="edit"
                onClick={() => setEditing(group)}
              />
            </HasPermi>
            <HasPermi value={['business:group:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('meterGroups.removeOf', { name: group.name })}
                icon="trash"
                color="red"
                onClick={() => void remove(group)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useListTable('meter-groups-table', {
    columns,
    rows: data?.rows,
    getRowId: (row) => row.groupId,
  });

  return (
    <Card withBorder data-testid="meter-groups-page">
      <ListHeader
        title={t('meterGroups.title')}
        table={table}
        testId="meter-groups-table"
        exportPermission="business:group:export"
        exportFile={() => exportMeterGroups({ ...meterGroupFilter(query), ...sortParams(query) })}
      >
        <HasPermi value={['business:group:add']}>
          <Button onClick={() => setEditing('new')}>{t('meterGroups.new')}</Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="meter-groups-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('meterGroups.name')}
          value={filters.name}
          maxLength={50}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={isFiltered(meterGroupFilter(query)) ? t('meterGroups.empty') : t('meterGroups.none')}
        testId="meter-groups-table"
        sortable={METER_GROUP_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
        cellStyle={figureColumns('meterCount')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('meterGroups.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <MeterGroupForm
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      {members && (
        <MeterGroupMembers
          group={members}
          onClose={() => {
            setMembers(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
