import type { UserRow } from '@hydrolog/schemas';
import { Badge, Group } from '@mantine/core';
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
import { MinuteTime } from '../../components/TableCells.tsx';
import { confirmAndRun, showInitialPassword } from '../../lib/dialogs.ts';
import { apiListQuery } from '../../lib/listQuery.ts';
import { changeUserStatus, deleteUsers, listUsers, resetUserPassword } from './api/users.ts';
import { StatusSwitch } from './StatusSwitch.tsx';
import { UserForm } from './UserForm.tsx';
import { userFilters } from './userQuery.ts';

/** The route of this page (menu catalogue component 'system/user/index'). */
export const USERS_PATH = '/system/user';

const column = listColumns<UserRow>();

/** Cells keep to one line, but a long email may wrap. */
function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'email') return { wordBreak: 'break-all', minWidth: 140 };
  return defaultCellStyle(columnId);
}

/** System / Staff users: filter, server pagination, create, edit, status, password reset, delete. */
export const Users = defineListScreen({
  path: USERS_PATH,
  testId: 'users',
  texts: listTexts('users'),
  filters: userFilters,
  fetch: (query) => listUsers(apiListQuery(query)),
  rowId: (row) => row.userId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="userName" label={t('users.userName')} maxLength={30} />
      <TextFilter bar={bar} name="phonenumber" label={t('users.phonenumber')} maxLength={11} tel />
      <StatusFilter bar={bar} group="users" />
    </>
  ),
  columns: ({ t, hasPermi, list }) => [
    column.accessor('userName', { header: () => t('users.userName') }),
    column.accessor('nickName', { header: () => t('users.nickName') }),
    column.accessor('roleNames', {
      header: () => t('users.roles'),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          {c.getValue().map((name: string) => (
            <Badge key={name} variant="light" size="sm" tt="none">
              {name}
            </Badge>
          ))}
        </Group>
      ),
    }),
    column.accessor('phonenumber', { header: () => t('users.phonenumber'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('email', { header: () => t('users.email'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('status', {
      header: () => t('users.status'),
      cell: (c) => (
        <StatusSwitch
          group="users"
          name={c.row.original.userName}
          status={c.getValue()}
          editable={hasPermi(['system:user:edit'])}
          change={(status) => changeUserStatus(c.row.original.userId, status)}
          onChanged={list.load}
        />
      ),
    }),
    column.accessor('createTime', {
      header: () => t('users.createTime'),
      cell: (c) => <MinuteTime value={c.getValue()} />,
    }),
  ],
  selectLabels: ({ t }) => ({
    all: t('users.selectAll'),
    one: (user) => t('users.select', { name: user.userName }),
  }),
  editRow: editRowOf<UserRow>('users', 'system:user:edit', (user) => user.userName),
  rowActions: (user, { t, list }) => [
    {
      label: t('actions.resetPwd'),
      ariaLabel: t('users.resetPwdOf', { name: user.userName }),
      icon: 'key',
      permission: ['system:user:resetPwd'],
      onClick: () =>
        void confirmAndRun(
          {
            title: t('users.resetPwdTitle'),
            message: t('users.resetPwdConfirm', { name: user.userName }),
            confirm: t('users.resetPwd'),
          },
          async () => {
            const { initialPassword } = await resetUserPassword(user.userId);
            list.load();
            await showInitialPassword(user.userName, initialPassword);
          },
        ),
    },
  ],
  remove: ({ t }) => ({
    permission: ['system:user:remove'],
    ...selectedRemovalTexts<UserRow>(t, 'users', (user) => user.userName),
    run: (users) => deleteUsers(users.map((u) => u.userId)),
  }),
  create: ({ t }) => ({ label: t('users.new'), permission: ['system:user:add'] }),
  cellStyle,
  form: ({ row, close, saved }) => <UserForm user={row} onClose={close} onSaved={saved} />,
});
