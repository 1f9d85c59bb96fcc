import type { RoleView } from '@hydrolog/schemas';
import { Badge, Button, Card, Checkbox, Group, Select, Switch, TextInput, Title } from '@mantine/core';
import { createColumnHelper, rowSelectionFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultCellStyle, FilterBar, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { changeRoleStatus, deleteRoles, listRoles } from './api/organisation.ts';
import { DataScopeForm } from './DataScopeForm.tsx';
import { RoleForm } from './RoleForm.tsx';
import { EMPTY_ROLE_FILTERS, parseRoleQuery, type RoleQuery, roleListQuery } from './roleQuery.ts';

/** The route of this page (menu catalogue component 'system/role/index'). */
export const ROLES_PATH = '/system/role';

const fetchRoles = (query: RoleQuery) => listRoles(roleListQuery(query));

const features = tableFeatures({ rowSelectionFeature });
const column = createColumnHelper<typeof features, RoleView>();
const NO_ROWS: RoleView[] = [];

function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'remark') return { minWidth: 140 };
  return defaultCellStyle(columnId);
}

/** System / Roles: filter, server pagination, create, edit with the permission tree, status, delete. */
export function Roles() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: ROLES_PATH,
    parse: parseRoleQuery,
    empty: EMPTY_ROLE_FILTERS,
    fetch: fetchRoles,
  });
  const { query, filters, setFilters, data, loading, selection, setSelection, load, search, reset } = list;
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null);
  const [scoping, setScoping] = useState<RoleView | null>(null);

  async function toggleStatus(role: RoleView) {
    const disable = role.status === '0';
    const done = await confirmAndRun(
      {
        title: t('roles.statusTitle'),
        message: t(disable ? 'roles.disableConfirm' : 'roles.enableConfirm', { name: role.roleName }),
        confirm: t(disable ? 'roles.disable' : 'roles.enable'),
      },
      () => changeRoleStatus(role.roleId, disable ? '1' : '0'),
      t(disable ? 'roles.disabled' : 'roles.enabled', { name: role.roleName }),
    );
    if (done) load();
  }

  async function remove(roles: RoleView[]) {
    if (roles.length === 0) return;
    // Refused: shown by the request layer (a role users still have)
    const done = await confirmAndRun(
      {
        title: t('roles.removeTitle'),
        message: t('roles.removeConfirm', { names: roles.map((r) => r.roleName).join(', ') }),
        confirm: t('roles.remove'),
      },
      () => deleteRoles(roles.map((r) => r.roleId)),
      t('roles.removed', { count: roles.length }),
    );
    if (done) list.removed(roles.length);
  }

  const canSelect = hasPermi(['system:role:remove']);
  const canEdit = hasPermi(['system:role:edit']);
  const columns = column.columns([
    ...(canSelect
      ? [
          column.display({
            id: 'select',
            header: ({ table }) => (
              <Checkbox
                aria-label={t('roles.selectAll')}
                checked={table.getIsAllPageRowsSelected()}
                indeterminate={table.getIsSomePageRowsSelected()}
                onChange={table.getToggleAllPageRowsSelectedHandler()}
              />
            ),
            cell: (c) =>
              c.row.original.admin ? null : (
                <Checkbox
                  aria-label={t('roles.select', { name: c.row.original.roleName })}
                  checked={c.row.getIsSelected()}
                  onChange={c.row.getToggleSelectedHandler()}
                />
              ),
          }),
        ]
      : []),
    column.accessor('roleName', { header: () => t('roles.roleName') }),
    column.accessor('roleKey', { header: () => t('roles.roleKey') }),
    column.accessor('roleType', {
      header: () => t('roles.roleType'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() === 'agent' ? 'orange' : 'blue'} tt="none">
          {t(`roles.roleTypes.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('orderNum', { header: () => t('roles.orderNum') }),
    column.accessor('userCount', { header: () => t('roles.userCount') }),
    column.accessor('status', {
      header: () => t('roles.status'),
      cell: (c) =>
        canEdit && !c.row.original.admin ? (
          <Switch
            aria-label={t('roles.statusOf', { name: c.row.original.roleName })}
            title={t(`roles.statuses.${c.getValue()}`)}
            checked={c.getValue() === '0'}
            onChange={() => void toggleStatus(c.row.original)}
          />
        ) : (
          <Badge color={c.getValue() === '0' ? 'green' : 'gray'} variant="light">
            {t(`roles.statuses.${c.getValue()}`)}
          </Badge>
        ),
    }),
    column.accessor('remark', { header: () => t('roles.remark'), cell: (c) => c.getValue() ?? '' }),
    column.display({
      id: 'actions',
      header: () => t('roles.actions'),
      cell: (c) => {
        const role = c.row.original;
        if (role.admin)
          return (
            <HasPermi value={['system:role:query']}>
              <RowAction
                label={t('roles.admin')}
                ariaLabel={t('roles.viewOf', { name: role.roleName })}
                icon="eye"
                onClick={() => setEditing(role)}
              />
            </HasPermi>
          );
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:role:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('roles.editOf', { name: role.roleName })}
                icon="edit"
                onClick={() => setEditing(role)}
              />
            </HasPermi>
            <HasPermi value={['system:role:edit']}>
              <RowAction
                label={t('roles.dataScope')}
                ariaLabel={t('roles.dataScopeOf', { name: role.roleName })}
                icon="building"
                onClick={() => setScoping(role)}
              />
            </HasPermi>
            <HasPermi value={['system:role:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('roles.removeOf', { name: role.roleName })}
                icon="trash"
                color="red"
                onClick={() => void remove([role])}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.roleId,
    enableRowSelection: (row) => canSelect && !row.original.admin,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => selection[row.roleId]);

  return (
    <Card withBorder data-testid="roles-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('roles.title')}</Title>
        <Group gap="xs">
          <HasPermi value={['system:role:remove']}>
            <Button
              color="red"
              variant="light"
              disabled={selected.length === 0}
              onClick={() => void remove(selected)}
            >
              {t('roles.removeSelected', { count: selected.length })}
            </Button>
          </HasPermi>
          <HasPermi value={['system:role:add']}>
            <Button onClick={() => setEditing('new')}>{t('roles.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="roles-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('roles.roleName')}
          value={filters.roleName}
          maxLength={30}
          onChange={(e) => {
            const roleName = e.currentTarget.value;
            setFilters((f) => ({ ...f, roleName }));
          }}
        />
        <TextInput
          label={t('roles.roleKey')}
          value={filters.roleKey}
          maxLength={50}
          onChange={(e) => {
            const roleKey = e.currentTarget.value;
            setFilters((f) => ({ ...f, roleKey }));
          }}
        />
        <Select
          label={t('roles.status')}
          w={160}
          placeholder={t('roles.allStatuses')}
          clearable
          data={(['0', '1'] as const).map((s) => ({ value: s, label: t(`roles.statuses.${s}`) }))}
          value={filters.status || null}
          onChange={(value) =>
            setFilters((f) => ({ ...f, status: value === '0' || value === '1' ? value : '' }))
          }
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('roles.empty')}
        testId="roles-table"
        selection={selection}
        cellStyle={cellStyle}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('roles.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {scoping && (
        <DataScopeForm
          role={scoping}
          onClose={() => setScoping(null)}
          onSaved={() => {
            setScoping(null);
            load();
          }}
        />
      )}
      {editing && (
        <RoleForm
          role={editing === 'new' ? null : editing}
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
