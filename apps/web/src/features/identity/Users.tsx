import type { UserRow } from '@hydrolog/schemas';
import { Badge, Group, Select, Switch, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  selectedRemovalTexts,
} from '../../components/ListScreen.tsx';
import { defaultCellStyle } from '../../components/ListTable.tsx';
import { confirmAndRun, showInitialPassword } from '../../lib/dialogs.ts';
import { apiListQuery } from '../../lib/listQuery.ts';
import { changeUserStatus, deleteUsers, listUsers, resetUserPassword } from './api/users.ts';
import { UserForm } from './UserForm.tsx';
import { userFilters } from './userQuery.ts';

/** The route of this page (menu catalogue component 'system/user/index'). */
export const USERS_PATH = '/system/user';

const column = listColumns<UserRow>();

/** Cells keep to one line, but a long email may wrap; the actions stay in sight when the table scrolls. */
function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'email') return { wordBreak: 'break-all', minWidth: 140 };
  return defaultCellStyle(columnId);
}

function toggleStatus(t: TFunction, user: UserRow) {
  const disable = user.status === '0';
  return confirmAndRun(
    {
      title: t('users.statusTitle'),
      message: t(disable ? 'users.disableConfirm' : 'users.enableConfirm', { name: user.userName }),
      confirm: t(disable ? 'users.disable' : 'users.enable'),
    },
    () => changeUserStatus(user.userId, disable ? '1' : '0'),
    t(disable ? 'users.disabled' : 'users.enabled', { name: user.userName }),
  );
}

/** System / Staff users: filter, server pagination, create, edit, status, password reset, delete. */
export const Users = defineListScreen({
  path: USERS_PATH,
  testId: 'users',
  texts: listTexts('users'),
  filters: userFilters,
  fetch: (query) => listUsers(apiListQuery(query)),
  rowId: (row) => row.userId,
  filterBar: ({ filters, setFilter }, { t }) => (
    <>
      <TextInput
        label={t('users.userName')}
        value={filters.userName}
        maxLength={30}
        onChange={(e) => setFilter('userName', e.currentTarget.value)}
      />
      <TextInput
        label={t('users.phonenumber')}
        value={filters.phonenumber}
        maxLength={11}
        inputMode="tel"
        onChange={(e) => setFilter('phonenumber', e.currentTarget.value)}
      />
      <Select
        label={t('users.status')}
        w={160}
        placeholder={t('users.allStatuses')}
        clearable
        data={(['0', '1'] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
        value={filters.status || null}
        onChange={(value) => setFilter('status', value === '0' || value === '1' ? value : '')}
      />
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
            <Badge
              key={name}
              variant="light"
              size="sm"
              tt="none"
              style={{ flexShrink: 0 }}
              styles={{ label: { overflow: 'visible' } }}
            >
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
      cell: (c) =>
        hasPermi(['system:user:edit']) ? (
          <Switch
            aria-label={t('users.statusOf', { name: c.row.original.userName })}
            title={t(`users.statuses.${c.getValue()}`)}
            checked={c.getValue() === '0'}
            onChange={async () => {
              if (await toggleStatus(t, c.row.original)) list.load();
            }}
          />
        ) : (
          <Badge color={c.getValue() === '0' ? 'green' : 'gray'} variant="light">
            {t(`users.statuses.${c.getValue()}`)}
          </Badge>
        ),
    }),
    column.accessor('createTime', {
      header: () => t('users.createTime'),
      cell: (c) => (
        <span title={dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss')}>
          {dayjs(c.getValue()).format('YYYY-MM-DD HH:mm')}
        </span>
      ),
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
