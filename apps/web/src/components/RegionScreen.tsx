import {
  type RegionBody,
  type RegionView,
  regionBodySchema,
  updateRegionBodySchema,
} from '@hydrolog/schemas';
import { Box, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useListDialog } from '../hooks/useListDialog.ts';
import { createOrUpdate, useSchemaForm } from '../hooks/useSchemaForm.ts';
import { filterField } from '../lib/listQuery.ts';
import { type TreeRow, treeRows } from '../lib/treeRows.ts';
import { FormDialog } from './FormDialog.tsx';
import { defineListScreen, listColumns, removalTexts, TextFilter } from './ListScreen.tsx';
import { OrderInput } from './OrderInput.tsx';
import { treeRowActions } from './TreeList.tsx';

/** Where a region tree is kept: the platform's regions, or a tenant's device regions. */
export interface RegionStore {
  list(query: { regionName?: string | undefined }): Promise<RegionView[]>;
  create(body: RegionBody): Promise<unknown>;
  update(body: RegionBody & { regionId: string }): Promise<unknown>;
  remove(regionId: string): Promise<unknown>;
}

type RegionRow = RegionView & TreeRow;
const column = listColumns<RegionRow>();
const REGION_TREE = {
  id: (r: RegionView) => r.regionId,
  parentId: (r: RegionView) => r.parentId,
  compare: (a: RegionView, b: RegionView) =>
    a.orderNum - b.orderNum || a.regionName.localeCompare(b.regionName),
};
type Editing = { region: RegionView | null; parentId: string | null };

/**
 * A region tree's screen: top regions and their sub-regions (spec section 2), kept in `store`, guarded by
 * `permission` (`<permission>:add`, `:edit`, `:remove`).
 */
export function regionScreen({
  path,
  testId,
  title,
  permission,
  store,
}: {
  path: string;
  testId: string;
  title: 'regions.title' | 'devices.regions';
  permission: string;
  store: RegionStore;
}) {
  return defineListScreen({
    path,
    testId,
    texts: { title, empty: 'regions.empty', actions: 'regions.actions' },
    tree: true,
    filters: z.object({ regionName: filterField.text(50) }),
    fetch: async ({ regionName }) => {
      const rows = treeRows(await store.list({ regionName: regionName || undefined }), REGION_TREE);
      return { total: rows.length, rows };
    },
    rowId: (row) => row.regionId,
    usePage: (list) => useListDialog<Editing>(list),
    filterBar: (bar, { t }) => (
      <TextFilter bar={bar} name="regionName" label={t('regions.regionName')} maxLength={50} />
    ),
    columns: ({ t }) => [
      column.accessor('regionName', {
        header: () => t('regions.regionName'),
        cell: (c) => <Box style={{ paddingLeft: c.row.original.depth * 20 }}>{c.getValue()}</Box>,
      }),
      column.accessor('orderNum', { header: () => t('regions.orderNum') }),
      column.accessor('childCount', { header: () => t('regions.childCount') }),
    ],
    rowActions: (region, { t, page }) =>
      treeRowActions(t, 'regions', permission, region.regionName, {
        below: () => page.open({ region: null, parentId: region.regionId }),
        edit: () => page.open({ region, parentId: region.parentId }),
      }),
    remove: ({ t }) => ({
      permission: [`${permission}:remove`],
      ...removalTexts<RegionRow>(t, 'regions', (region) => ({ name: region.regionName })),
      run: ([region]) => (region ? store.remove(region.regionId) : Promise.resolve()),
    }),
    actions: ({ t, page }) => [
      {
        label: t('regions.new'),
        permission: [`${permission}:add`],
        onClick: () => page.open({ region: null, parentId: null }),
      },
    ],
    columnChoice: false,
    rowProps: (region) => ({ 'data-depth': region.depth, 'aria-level': region.depth + 1 }),
    dialogs: ({ page: editing }) =>
      editing.value && (
        <RegionForm editing={editing.value} store={store} onClose={editing.close} onSaved={editing.saved} />
      ),
  });
}

interface Values extends Record<string, unknown> {
  regionId?: string;
  parentId: string | null;
  regionName: string;
  orderNum: number;
}

function RegionForm({
  editing,
  store,
  onClose,
  onSaved,
}: {
  editing: Editing;
  store: RegionStore;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { region, parentId } = editing;
  const form = useSchemaForm<Values, unknown>(region ? updateRegionBodySchema : regionBodySchema, {
    regionId: region?.regionId,
    parentId: region ? region.parentId : parentId,
    regionName: region?.regionName ?? '',
    orderNum: region?.orderNum ?? 0,
  });
  async function submit() {
    await form.save(createOrUpdate(region, store.update, store.create), t('regions.saved'), onSaved);
  }
  const title = region ? t('regions.edit') : parentId ? t('regions.newSub') : t('regions.new');
  return (
    <FormDialog title={title} busy={form.busy} onClose={onClose} onSubmit={submit}>
      <TextInput
        label={t('regions.regionName')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('regionName')}
      />
      <OrderInput label={t('regions.orderNum')} {...form.number('orderNum')} />
    </FormDialog>
  );
}
