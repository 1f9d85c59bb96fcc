import type { RoleView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  StatusFilter,
  selectedRemovalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { defaultCellStyle } from '../../components/ListTable.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { apiListQuery } from '../../lib/listQuery.ts';
import { changeRoleStatus, deleteRoles, listRoles } from './api/organisation.ts';
import { DataScopeForm } from './DataScopeForm.tsx';
import { RoleForm } from './RoleForm.tsx';
import { roleFilters } from './roleQuery.ts';
import { StatusSwitch } from './StatusSwitch.tsx';

/** The route of this page (menu catalogue component 'system/role/index'). */
export const ROLES_PATH = '/system/role';

const column = listColumns<RoleView>();

function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'remark') return { minWidth: 140 };
  return defaultCellStyle(columnId);
}

/** System / Roles: filter, server pagination, create, edit with the permission tree, status, delete. */
export const Roles = defineListScreen({
  path: ROLES_PATH,
  testId: 'roles',
  texts: listTexts('roles'),
  filters: roleFilters,
  fetch: (query) => listRoles(apiListQuery(query)),
  rowId: (row) => row.roleId,
  usePage: (list) => ({ scoping: useListDialog<RoleView>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="roleName" label={t('roles.roleName')} maxLength={30} />
      <TextFilter bar={bar} name="roleKey" label={t('roles.roleKey')} maxLength={50} />
      <StatusFilter bar={bar} group="roles" />
    </>
  ),
  columns: ({ t, hasPermi, list }) => [
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
      cell: (c) => (
        <StatusSwitch
          group="roles"
          name={c.row.original.roleName}
          status={c.getValue()}
          editable={hasPermi(['system:role:edit']) && !c.row.original.admin}
          change={(status) => changeRoleStatus(c.row.original.roleId, status)}
          onChanged={list.load}
        />
      ),
    }),
    column.accessor('remark', { header: () => t('roles.remark'), cell: (c) => c.getValue() ?? '' }),
  ],
  selectLabels: ({ t }) => ({
    all: t('roles.selectAll'),
    one: (role) => t('roles.select', { name: role.roleName }),
  }),
  // The administrator role is only viewed.
  editRow: editRowOf<RoleView>(
    'roles',
    'system:role:edit',
    (role) => role.roleName,
    (role) => !role.admin,
  ),
  rowActions: (role, { t, page, edit }) =>
    role.admin
      ? [
          {
            label: t('roles.admin'),
            ariaLabel: t('roles.viewOf', { name: role.roleName }),
            icon: 'eye',
            permission: ['system:role:query'],
            onClick: () => edit(role),
          },
        ]
      : [
          {
            label: t('roles.dataScope'),
            ariaLabel: t('roles.dataScopeOf', { name: role.roleName }),
            icon: 'building',
            permission: ['system:role:edit'],
            onClick: () => page.scoping.open(role),
          },
        ],
  remove: ({ t }) => ({
    permission: ['system:role:remove'],
    allowed: (role) => !role.admin,
    // A role users still have is refused: shown by the request layer.
    ...selectedRemovalTexts<RoleView>(t, 'roles', (role) => role.roleName),
    run: (roles) => deleteRoles(roles.map((r) => r.roleId)),
  }),
  create: ({ t }) => ({ label: t('roles.new'), permission: ['system:role:add'] }),
  cellStyle,
  form: ({ row, close, saved }) => <RoleForm role={row} onClose={close} onSaved={saved} />,
  dialogs: ({ page: { scoping } }) =>
    scoping.value && <DataScopeForm role={scoping.value} onClose={scoping.close} onSaved={scoping.saved} />,
});
