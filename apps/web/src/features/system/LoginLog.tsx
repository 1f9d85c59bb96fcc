import type { LoginLogRow } from '@hydrolog/schemas';
import { Button, Card, Group, TextInput, Title } from '@mantine/core';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import {
  FilterBar,
  ListPager,
  ListTable,
  selectableFeatures,
  selectionColumn,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import {
  EMPTY_LOGIN_LOG_FILTERS,
  type LoginLogListQuery,
  loginLogFilter,
  parseLoginLogQuery,
} from '../../lib/logQuery.ts';
import { cleanLoginLog, deleteLoginLog, exportLoginLog, listLoginLog, unlockUser } from './api/monitor.ts';
import { LogActions, LogStatusBadge, LogStatusSelect } from './LogParts.tsx';
import { useLogCommands } from './useLogCommands.ts';

/** The route of this page (menu catalogue component 'monitor/logininfor/index'). */
export const LOGIN_LOG_PATH = '/system/logininfor';

const column = createColumnHelper<typeof selectableFeatures, LoginLogRow>();
const NO_ROWS: LoginLogRow[] = [];
const fetchRows = ({ pageNum, pageSize, ...filters }: LoginLogListQuery) =>
  listLoginLog({ pageNum, pageSize, ...loginLogFilter(filters) });
const timeOf = (row: LoginLogRow) => dayjs(row.loginTime).format('YYYY-MM-DD HH:mm:ss');

/** System / Login log: who signed in (or failed to) from where; delete, clean, unlock, export. */
export function LoginLog() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: LOGIN_LOG_PATH,
    parse: parseLoginLogQuery,
    empty: EMPTY_LOGIN_LOG_FILTERS,
    fetch: fetchRows,
  });
  const { query, filters, setFilter, setFilters, data } = list;
  const commands = useLogCommands<LoginLogRow>({
    remove: (rows) => deleteLoginLog(rows.map((r) => r.infoId)),
    clean: cleanLoginLog,
    exportFile: () => exportLoginLog(loginLogFilter(query)),
    cleanConfirm: t('loginLog.cleanConfirm'),
    onRemoved: list.removed,
    onCleaned: () => list.removed(list.data?.total ?? 0),
  });

  async function unlock(userName: string) {
    await confirmAndRun(
      {
        title: t('loginLog.unlockTitle'),
        message: t('loginLog.unlockConfirm', { name: userName }),
        confirm: t('loginLog.unlock'),
      },
      () => unlockUser(userName),
      t('loginLog.unlocked', { name: userName }),
    );
  }

  const canSelect = hasPermi(['monitor:logininfor:remove', 'monitor:logininfor:unlock']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<LoginLogRow>({
            all: t('logs.selectAll'),
            one: (row) => t('logs.select', { name: row.userName, time: timeOf(row) }),
          }),
        ]
      : []),
    column.accessor('userName', { header: () => t('loginLog.userName') }),
    column.accessor('ipaddr', { header: () => t('logs.ipaddr') }),
    column.accessor('browser', { header: () => t('loginLog.browser') }),
    column.accessor('os', { header: () => t('loginLog.os') }),
    column.accessor('status', {
      header: () => t('logs.status'),
      cell: (c) => <LogStatusBadge status={c.getValue()} />,
    }),
    column.accessor('msg', { header: () => t('loginLog.msg') }),
    column.accessor('loginTime', {
      header: () => t('loginLog.loginTime'),
      cell: (c) => timeOf(c.row.original),
    }),
  ]);
  const table = useTable({
    features: selectableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.infoId,
    enableRowSelection: canSelect,
    state: { rowSelection: list.selection },
    onRowSelectionChange: list.setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => list.selection[row.infoId]);

  return (
    <Card withBorder data-testid="login-log-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('loginLog.title')}</Title>
        <LogActions
          permission="monitor:logininfor"
          selected={selected.length}
          onRemove={() => void commands.remove(selected)}
          onClean={() => void commands.clean()}
          onExport={() => void commands.exportFile()}
          exporting={commands.exporting}
        >
          <HasPermi value={['monitor:logininfor:unlock']}>
            <Button
              variant="light"
              disabled={selected.length !== 1}
              title={t('loginLog.unlockHint')}
              onClick={() => selected[0] && void unlock(selected[0].userName)}
            >
              {t('loginLog.unlock')}
            </Button>
          </HasPermi>
        </LogActions>
      </Group>
      <FilterBar testId="login-log-filter" onSearch={list.search} onReset={list.reset}>
        <TextInput
          label={t('loginLog.userName')}
          value={filters.userName}
          maxLength={100}
          onChange={(e) => setFilter('userName', e.currentTarget.value)}
        />
        <TextInput
          label={t('logs.ipaddr')}
          w={160}
          value={filters.ipaddr}
          maxLength={64}
          onChange={(e) => setFilter('ipaddr', e.currentTarget.value)}
        />
        <LogStatusSelect value={filters.status} onChange={(status) => setFilter('status', status)} />
        <DateRangeFilter value={filters} onChange={(range) => setFilters((f) => ({ ...f, ...range }))} />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={list.loading}
        empty={t('logs.empty')}
        testId="login-log-table"
        selection={list.selection}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('logs.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
    </Card>
  );
}
