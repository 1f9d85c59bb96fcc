import { type RegionView, regionBodySchema, updateRegionBodySchema } from '@hydrolog/schemas';
import { Box, Button, Card, Group, Modal, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { type TreeRow, treeRows } from '../../lib/treeRows.ts';
import { createRegion, deleteRegion, listRegions, updateRegion } from './api/platform.ts';

type RegionRow = RegionView & TreeRow;
const features = tableFeatures({});
const column = createColumnHelper<typeof features, RegionRow>();
const REGION_TREE = {
  id: (r: RegionView) => r.regionId,
  parentId: (r: RegionView) => r.parentId,
  compare: (a: RegionView, b: RegionView) =>
    a.orderNum - b.orderNum || a.regionName.localeCompare(b.regionName),
};

type Editing = { region: RegionView | null; parentId: string | null };

/** Tenants / Regions: top regions and their sub-regions (spec section 2). */
export function Regions() {
  const { t } = useTranslation();
  const [regionName, setRegionName] = useState('');
  const [applied, setApplied] = useState('');
  const [regions, setRegions] = useState<RegionView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    listRegions({ regionName: applied.trim() || undefined })
      .then(setRegions, () => setRegions((r) => r ?? []))
      .finally(() => setLoading(false));
  }, [applied]);
  useEffect(load, [load]);
  const rows = useMemo(() => treeRows(regions ?? [], REGION_TREE), [regions]);

  async function remove(region: RegionView) {
    const done = await confirmAndRun(
      {
        title: t('regions.removeTitle'),
        message: t('regions.removeConfirm', { name: region.regionName }),
        confirm: t('actions.remove'),
      },
      () => deleteRegion(region.regionId),
      t('regions.removed', { name: region.regionName }),
    );
    if (done) load();
  }

  const columns = column.columns([
    column.accessor('regionName', {
      header: () => t('regions.regionName'),
      cell: (c) => <Box style={{ paddingLeft: c.row.original.depth * 20 }}>{c.getValue()}</Box>,
    }),
    column.accessor('orderNum', { header: () => t('regions.orderNum') }),
    column.accessor('childCount', { header: () => t('regions.childCount') }),
    column.display({
      id: 'actions',
      header: () => t('regions.actions'),
      cell: (c) => {
        const region = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['tenant:region:add']}>
              <RowAction
                label={t('regions.newSub')}
                ariaLabel={t('regions.addSubOf', { name: region.regionName })}
                icon="plus"
                onClick={() => setEditing({ region: null, parentId: region.regionId })}
              />
            </HasPermi>
            <HasPermi value={['tenant:region:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('regions.editOf', { name: region.regionName })}
                icon="edit"
                onClick={() => setEditing({ region, parentId: region.parentId })}
              />
            </HasPermi>
            <HasPermi value={['tenant:region:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('regions.removeOf', { name: region.regionName })}
                icon="trash"
                color="red"
                onClick={() => void remove(region)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.regionId });

  return (
    <Card withBorder data-testid="regions-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('regions.title')}</Title>
        <HasPermi value={['tenant:region:add']}>
          <Button onClick={() => setEditing({ region: null, parentId: null })}>{t('regions.new')}</Button>
        </HasPermi>
      </Group>
      <FilterBar
        testId="regions-filter"
        onSearch={() => setApplied(regionName)}
        onReset={() => {
          setRegionName('');
          setApplied('');
        }}
      >
        <TextInput
          label={t('regions.regionName')}
          value={regionName}
          maxLength={50}
          onChange={(e) => setRegionName(e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={regions === null ? null : rows}
        loading={loading}
        empty={t('regions.empty')}
        testId="regions-table"
        rowProps={(region) => ({ 'data-depth': region.depth, 'aria-level': region.depth + 1 })}
      />
      {editing && (
        <RegionForm
          editing={editing}
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

interface Values extends Record<string, unknown> {
  regionId?: string;
  parentId: string | null;
  regionName: string;
  orderNum: number;
}

function RegionForm({ editing, onClose, onSaved }: { editing: Editing; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { region, parentId } = editing;
  const form = useSchemaForm<Values, unknown>(region ? updateRegionBodySchema : regionBodySchema, {
    regionId: region?.regionId,
    parentId: region ? region.parentId : parentId,
    regionName: region?.regionName ?? '',
    orderNum: region?.orderNum ?? 0,
  });
  async function submit() {
    const saved = await form.submit(async (data) => {
      if (region) await updateRegion(data as Parameters<typeof updateRegion>[0]);
      else await createRegion(data as Parameters<typeof createRegion>[0]);
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('regions.saved') });
    onSaved();
  }
  const title = region ? t('regions.edit') : parentId ? t('regions.newSub') : t('regions.new');
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('regions.regionName')}
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.text('regionName')}
          />
          <NumberInput
            label={t('regions.orderNum')}
            min={0}
            max={9999}
            allowDecimal={false}
            allowNegative={false}
            value={form.values.orderNum}
            onChange={(value) => form.set('orderNum', typeof value === 'number' ? value : 0)}
            error={form.errors.orderNum}
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
