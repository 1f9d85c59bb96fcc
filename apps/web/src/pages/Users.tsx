import { PAGE_SIZES, type UserRow } from '@hydrolog/schemas';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Select,
  Skeleton,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLocation, useNavigate } from '@tanstack/react-router';
import {
  createColumnHelper,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import dayjs from 'dayjs';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeUserStatus, deleteUsers, listUsers, resetUserPassword } from '../api/users.ts';
import { Icon } from '../components/Icon.tsx';
import { HasPermi, useHasPermi } from '../components/Permission.tsx';
import { confirmDialog } from '../lib/dialogs.ts';
import {
  EMPTY_FILTERS,
  pageAfterRemoval,
  parseUserQuery,
  type UserFilters,
  type UserQuery,
  userListBody,
  userQuerySearch,
} from '../lib/userQuery.ts';
import { showInitialPassword, UserForm } from './UserForm.tsx';

/** The route of this page (menu catalogue component 'system/user/index'). */
export const USERS_PATH = '/system/user';

const features = tableFeatures({ rowSelectionFeature });
const column = createColumnHelper<typeof features, UserRow>();
const NO_ROWS: UserRow[] = [];

/** Cells keep to one line, but a long email may wrap; the actions stay in sight when the table scrolls. */
function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'email') return { wordBreak: 'break-all', minWidth: 140 };
  if (columnId === 'actions')
    return { whiteSpace: 'nowrap', position: 'sticky', right: 0, background: 'var(--mantine-color-body)' };
  return { whiteSpace: 'nowrap' };
}

/**
 * The list query from the URL. A page kept alive in a hidden tab still renders while another route is
 * shown: it keeps the query it had when it was last on screen, and a tab that comes back without search
 * params (tabs navigate by path) gets that query back into the URL.
 */
function useUserQuery(): [UserQuery, (query: UserQuery) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const last = useRef(location.search as Record<string, unknown>);
  if (location.pathname === USERS_PATH) last.current = location.search as Record<string, unknown>;
  const key = JSON.stringify(parseUserQuery(last.current));
  const query = useMemo(() => JSON.parse(key) as UserQuery, [key]);
  const setQuery = useCallback(
    (next: UserQuery, replace = false) =>
      void navigate({ to: USERS_PATH, search: userQuerySearch(next) as never, replace }),
    [navigate],
  );

  // Effects run only while the page is on screen, and again when a hidden tab is shown: the first one
  // reads the query last shown before the second records the current one.
  const shown = useRef<UserQuery | null>(null);
  const restore = useRef(setQuery);
  restore.current = setQuery;
  useEffect(() => {
    const previous = shown.current;
    const bare = Object.keys(last.current).length === 0;
    if (previous && bare && Object.keys(userQuerySearch(previous)).length > 0)
      restore.current(previous, true);
  }, []);
  useEffect(() => {
    shown.current = query;
  }, [query]);
  return [query, setQuery];
}

/** System / Staff users: filter, server pagination, create, edit, status, password reset, delete. */
export function Users() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const [query, setQuery] = useUserQuery();
  const [filters, setFilters] = useState<UserFilters>(query);
  const [data, setData] = useState<{ total: number; rows: UserRow[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);

  // The URL decides the filters: back/forward and shared links fill the filter bar.
  useEffect(() => {
    setFilters({ userName: query.userName, phonenumber: query.phonenumber, status: query.status });
  }, [query]);

  const load = useCallback(() => {
    setLoading(true);
    listUsers(userListBody(query))
      .then(
        ({ total, rows }) => setData({ total, rows }),
        () => setData((d) => d ?? { total: 0, rows: [] }),
      )
      .finally(() => {
        setLoading(false);
        setSelection({});
      });
  }, [query]);
  useEffect(load, [load]);

  const search = () => setQuery({ ...filters, pageNum: 1, pageSize: query.pageSize });
  const reset = () => {
    setFilters(EMPTY_FILTERS);
    setQuery({ ...EMPTY_FILTERS, pageNum: 1, pageSize: query.pageSize });
  };

  async function toggleStatus(user: UserRow) {
    const disable = user.status === '0';
    const confirmed = await confirmDialog({
      title: t('users.statusTitle'),
      message: t(disable ? 'users.disableConfirm' : 'users.enableConfirm', { name: user.userName }),
      confirm: t(disable ? 'users.disable' : 'users.enable'),
    });
    if (!confirmed) return;
    try {
      await changeUserStatus(user.userId, disable ? '1' : '0');
      notifications.show({
        color: 'green',
        message: t(disable ? 'users.disabled' : 'users.enabled', { name: user.userName }),
      });
      load();
    } catch {
      // shown by the request layer
    }
  }

  async function resetPassword(user: UserRow) {
    const confirmed = await confirmDialog({
      title: t('users.resetPwdTitle'),
      message: t('users.resetPwdConfirm', { name: user.userName }),
      confirm: t('users.resetPwd'),
    });
    if (!confirmed) return;
    try {
      const { initialPassword } = await resetUserPassword(user.userId);
      load();
      await showInitialPassword(user.userName, initialPassword);
    } catch {
      // shown by the request layer
    }
  }

  async function remove(users: UserRow[]) {
    if (users.length === 0) return;
    const confirmed = await confirmDialog({
      title: t('users.removeTitle'),
      message: t('users.removeConfirm', { names: users.map((u) => u.userName).join(', ') }),
      confirm: t('users.remove'),
    });
    if (!confirmed) return;
    try {
      await deleteUsers(users.map((u) => u.userId));
      notifications.show({ color: 'green', message: t('users.removed', { count: users.length }) });
      const pageNum = pageAfterRemoval(query, data?.total ?? 0, users.length);
      if (pageNum === query.pageNum) load();
      else setQuery({ ...query, pageNum });
    } catch {
      // shown by the request layer
    }
  }

  const canSelect = hasPermi(['system:user:remove']);
  const canEdit = hasPermi(['system:user:edit']);
  const columns = column.columns([
    ...(canSelect
      ? [
          column.display({
            id: 'select',
            header: ({ table }) => (
              <Checkbox
                aria-label={t('users.selectAll')}
                checked={table.getIsAllPageRowsSelected()}
                indeterminate={table.getIsSomePageRowsSelected()}
                onChange={table.getToggleAllPageRowsSelectedHandler()}
              />
            ),
            cell: (c) => (
              <Checkbox
                aria-label={t('users.select', { name: c.row.original.userName })}
                checked={c.row.getIsSelected()}
                onChange={c.row.getToggleSelectedHandler()}
              />
            ),
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
              <Tooltip label={t('actions.edit')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('users.editOf', { name: user.userName })}
                  onClick={() => setEditing(user)}
                >
                  <Icon name="edit" size={16} />
                </ActionIcon>
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:resetPwd']}>
              <Tooltip label={t('actions.resetPwd')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('users.resetPwdOf', { name: user.userName })}
                  onClick={() => void resetPassword(user)}
                >
                  <Icon name="key" size={16} />
                </ActionIcon>
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:remove']}>
              <Tooltip label={t('actions.remove')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('users.removeOf', { name: user.userName })}
                  onClick={() => void remove([user])}
                >
                  <Icon name="trash" size={16} />
                </ActionIcon>
              </Tooltip>
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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <Group mb="md" align="flex-end" gap="sm" data-testid="users-filter">
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
          <Button type="submit">{t('users.search')}</Button>
          <Button variant="default" onClick={reset}>
            {t('users.reset')}
          </Button>
        </Group>
      </form>
      <Box pos="relative">
        <LoadingOverlay visible={loading && data !== null} overlayProps={{ blur: 1 }} />
        <Table.ScrollContainer minWidth={960}>
          <Table
            striped
            highlightOnHover
            withTableBorder
            horizontalSpacing="xs"
            fz="sm"
            data-testid="users-table"
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => (
                    <Table.Th key={header.id} style={cellStyle(header.column.id)}>
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </Table.Th>
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {!data &&
                [0, 1, 2].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={columns.length}>
                      <Skeleton height={18} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="lg">
                      {t('users.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id} data-selected={row.getIsSelected() || undefined}>
                  {row.getAllCells().map((cell) => (
                    <Table.Td key={cell.id} style={cellStyle(cell.column.id)}>
                      <table.FlexRender cell={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Group justify="flex-end" mt="md">
        <Text size="sm" c="dimmed">
          {t('users.total', { count: data?.total ?? 0 })}
        </Text>
        <Select
          w={90}
          aria-label={t('users.pageSize')}
          allowDeselect={false}
          data={PAGE_SIZES.map(String)}
          value={String(query.pageSize)}
          onChange={(value) => value && setQuery({ ...query, pageNum: 1, pageSize: Number(value) })}
        />
        <Pagination
          total={Math.max(1, Math.ceil((data?.total ?? 0) / query.pageSize))}
          value={query.pageNum}
          onChange={(pageNum) => setQuery({ ...query, pageNum })}
        />
      </Group>
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
