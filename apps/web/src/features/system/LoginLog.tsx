import type { LoginLogRow } from '@hydrolog/schemas';
import dayjs from 'dayjs';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { loginLogFilter, loginLogFilters } from '../../lib/logQuery.ts';
import { cleanLoginLog, deleteLoginLog, exportLoginLog, listLoginLog, unlockUser } from './api/monitor.ts';
import { LogStatusAndDays, LogStatusBadge, logClean, logRemoval } from './LogParts.tsx';

/** The route of this page (menu catalogue component 'monitor/logininfor/index'). */
export const LOGIN_LOG_PATH = '/system/logininfor';

const column = listColumns<LoginLogRow>();
const timeOf = (row: LoginLogRow) => dayjs(row.loginTime).format('YYYY-MM-DD HH:mm:ss');

/** System / Login log: who signed in (or failed to) from where; delete, clean, unlock, export. */
export const LoginLog = defineListScreen({
  path: LOGIN_LOG_PATH,
  testId: 'login-log',
  texts: { title: 'loginLog.title', empty: 'logs.empty', total: 'logs.total' },
  filters: loginLogFilters,
  fetch: ({ pageNum, pageSize, ...filters }) =>
    listLoginLog({ pageNum, pageSize, ...loginLogFilter(filters) }),
  rowId: (row) => row.infoId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="userName" label={t('loginLog.userName')} maxLength={100} />
      <TextFilter bar={bar} name="ipaddr" label={t('logs.ipaddr')} w={160} maxLength={64} />
      <LogStatusAndDays bar={bar} />
    </>
  ),
  columns: ({ t }) => [
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
  ],
  selectLabels: ({ t }) => ({
    all: t('logs.selectAll'),
    one: (row) => t('logs.select', { name: row.userName, time: timeOf(row) }),
  }),
  remove: ({ t }) =>
    logRemoval(t, 'monitor:logininfor', (rows: LoginLogRow[]) => deleteLoginLog(rows.map((r) => r.infoId))),
  batchActions: ({ t }) => [
    {
      label: () => t('loginLog.unlock'),
      permission: ['monitor:logininfor:unlock'],
      title: t('loginLog.unlockHint'),
      enabled: (rows) => rows.length === 1,
      run: ([row]) =>
        row &&
        void confirmAndRun(
          {
            title: t('loginLog.unlockTitle'),
            message: t('loginLog.unlockConfirm', { name: row.userName }),
            confirm: t('loginLog.unlock'),
          },
          () => unlockUser(row.userName),
          t('loginLog.unlocked', { name: row.userName }),
        ),
    },
  ],
  actions: ({ t, list }) => [
    logClean(t, 'monitor:logininfor', t('loginLog.cleanConfirm'), cleanLoginLog, list),
  ],
  export: {
    permission: 'monitor:logininfor:export',
    run: (query) => exportLoginLog(loginLogFilter(query)),
  },
});
