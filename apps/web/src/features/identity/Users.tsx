import type { UserRow } from '@hydrolog/schemas';
import { Badge, Button, Card, Group, Select, Switch, TextInput, Title } from '@mantine/core';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultCellStyle,
  FilterBar,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun, showInitialPassword } from '../../lib/dialogs.ts';
import { changeUserStatus, deleteUsers, listUsers, resetUserPassword } from './api/users.ts';
import { UserForm } from './UserForm.tsx';
import { EMPTY_FILTERS, parseUserQuery, type UserQuery, userListBody } from './userQuery.ts';

/** The route of this page (menu catalogue component 'system/user/index'). */
export const USERS_PATH = '/system/user';

const column = createColumnHelper<typeof selectableFeatures, UserRow>();
const fetchUsers = (query: UserQuery) => listUsers(userListBody(query));
const NO_ROWS: UserRow[] = [];

/** Cells keep to one line, but a long email may wrap; the actions stay in sight when the table scrolls. */
function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'email') return { wordBreak: 'break-all', minWidth: 140 };
  return defaultCellStyle(columnId);
}

/** System / Staff users: filter, server pagination, create, edit, status, password reset, delete. */
export function Users() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: USERS_PATH,
    parse: parseUserQuery,
    empty: EMPTY_FILTERS,
    fetch: fetchUsers,
  });
  const { query, filters, setFilters, data, loading, selection, setSelection, load, search, reset } = list;
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);

  async function toggleStatus(user: UserRow) {
    const disable = user.status === '0';
    const done = await confirmAndRun(
      {
        title: t('users.statusTitle'),
        message: t(disable ? 'users.disableConfirm' : 'users.enableConfirm', { name: user.userName }),
        confirm: t(disable ? 'users.disable' : 'users.enable'),
      },
      () => changeUserStatus(user.userId, disable ? '1' : '0'),
      t(disable ? 'users.disabled' : 'users.enabled', { name: user.userName }),
    );
    if (done) load();
  }

  async function resetPassword(user: UserRow) {
    await confirmAndRun(
      {
        title: t('users.resetPwdTitle'),
        message: t('users.resetPwdConfirm', { name: user.userName }),
        confirm: t('users.resetPwd'),
      },
      async () => {
        const { initialPassword } = await resetUserPassword(user.userId);
        load();
        await showInitialPassword(user.userName, initialPassword);
      },
    );
  }

  async function remove(users: UserRow[]) {
    if (users.length === 0) return;
    const done = await confirmAndRun(
      {
        title: t('users.removeTitle'),
        message: t('users.removeConfirm', { names: users.map((u) => u.userName).join(', ') }),
        confirm: t('users.remove'),
      },
      () => deleteUsers(users.map((u) => u.userId)),
      t('users.removed', { count: users.length }),
    );
    if (done) list.removed(users.length);
  }

  const canSelect = hasPermi(['system:user:remove']);
  const canEdit = hasPermi(['system:user:edit']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<UserRow>({
            all: t('users.selectAll'),
            one: (user) => t('users.select', { name: user.userName }),
          }),
        ]
      : []),
    column.accessor('userName', { header: () => t('users.userName') }),
    column.accessor('nickName', { header: () => t('users.nickName') }),
    column.accessor('roleNames', {
      header: () => t('users.roles'),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          {c.getValue().map((name) => (
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
        canEdit ? (
          <Switch
            aria-label={t('users.statusOf', { name: c.row.original.userName })}
            title={t(`users.statuses.${c.getValue()}`)}
            checked={c.getValue() === '0'}
            onChange={() => void toggleStatus(c.row.original)}
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
    column.display({
      id: 'actions',
      header: () => t('users.actions'),
      cell: (c) => {
        const user = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:user:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('users.editOf', { name: user.userName })}
                icon="edit"
                onClick={() => setEditing(user)}
              />
            </HasPermi>
            <HasPermi value={['system:user:resetPwd']}>
              <RowAction
                label={t('actions.resetPwd')}
                ariaLabel={t('users.resetPwdOf', { name: user.userName })}
                icon="key"
                onClick={() => void resetPassword(user)}
              />
            </HasPermi>
            <HasPermi value={['system:user:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('users.removeOf', { name: user.userName })}
                icon="trash"
                color="red"
                onClick={() => void remove([user])}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features: selectableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.userId,
    enableRowSelection: canSelect,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => selection[row.userId]);

  return (
    <Card withBorder data-testid="users-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('users.title')}</Title>
        <Group gap="xs">
          <HasPermi value={['system:user:remove']}>
            <Button
              color="red"
              variant="light"
              disabled={selected.length === 0}
              onClick={() => void remove(selected)}
            >
              {t('users.removeSelected', { count: selected.length })}
            </Button>
          </HasPermi>
          <HasPermi value={['system:user:add']}>
            <Button onClick={() => setEditing('new')}>{t('users.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="users-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('users.userName')}
          value={filters.userName}
          maxLength={30}
          onChange={(e) => {
            const userName = e.currentTarget.value;
            setFilters((f) => ({ ...f, userName }));
          }}
        />
        <TextInput
          label={t('users.phonenumber')}
          value={filters.phonenumber}
          maxLength={11}
          inputMode="tel"
          onChange={(e) => {
            const phonenumber = e.currentTarget.value;
            setFilters((f) => ({ ...f, phonenumber }));
          }}
        />
        <Select
          label={t('users.status')}
          w={160}
          placeholder={t('users.allStatuses')}
          clearable
          data={(['0', '1'] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
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
        empty={t('users.empty')}
        testId="users-table"
        selection={selection}
        cellStyle={cellStyle}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('users.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <UserForm
          user={editing === 'new' ? null : editing}
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
