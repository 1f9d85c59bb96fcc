import type { BusinessType, OperLogRow } from '@hydrolog/schemas';
import { Badge, Code, Modal, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { defineListScreen, listColumns, OptionFilter, TextFilter } from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { BUSINESS_TYPES, operLogFilter, operLogFilters, prettyParams } from '../../lib/logQuery.ts';
import { cleanOperLog, deleteOperLog, exportOperLog, listOperLog } from './api/monitor.ts';
import { LogStatusAndDays, LogStatusBadge, logClean, logRemoval } from './LogParts.tsx';

/** The route of this page (menu catalogue component 'monitor/operlog/index'). */
export const OPER_LOG_PATH = '/system/operlog';

const column = listColumns<OperLogRow>();
const timeOf = (row: OperLogRow) => dayjs(row.operTime).format('YYYY-MM-DD HH:mm:ss');

function BusinessTypeBadge({ type }: { type: BusinessType }) {
  const { t } = useTranslation();
  const color =
    type === '3' || type === '9' ? 'red' : type === '1' ? 'green' : type === '2' ? 'blue' : 'gray';
  return (
    <Badge color={color} variant="light" tt="none">
      {t(`operLog.businessTypes.${type}`)}
    </Badge>
  );
}

/** One logged operation: who did what, the request with its (masked) parameters, and how it ended. */
function OperLogDetail({ row, onClose }: { row: OperLogRow; onClose(): void }) {
  const { t } = useTranslation();
  const params = prettyParams(row.operParam);
  const facts: [string, ReactNode][] = [
    [t('operLog.operTitle'), row.title],
    [t('operLog.businessType'), <BusinessTypeBadge key="type" type={row.businessType} />],
    [t('operLog.operName'), row.deptName ? `${row.operName} / ${row.deptName}` : row.operName],
    [t('logs.ipaddr'), row.operIp],
    [t('operLog.request'), `${row.requestMethod} ${row.operUrl}`],
    [t('logs.status'), <LogStatusBadge key="status" status={row.status} />],
    [t('operLog.operTime'), timeOf(row)],
    [t('operLog.costTime'), t('operLog.costMs', { count: row.costTime })],
  ];
  return (
    <Modal opened onClose={onClose} title={t('operLog.detailTitle')} size="xl">
      <Table data-testid="oper-log-detail" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed" w={140} style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="md" mb={4}>
        {t('operLog.params')}
      </Text>
      {params ? (
        <Code block data-testid="oper-log-params" style={{ maxHeight: 320, overflow: 'auto' }}>
          {params}
        </Code>
      ) : (
        <Text size="sm">{t('operLog.noParams')}</Text>
      )}
      {row.errorMsg && (
        <>
          <Text size="sm" c="dimmed" mt="md" mb={4}>
            {t('operLog.errorMsg')}
          </Text>
          <Text size="sm" c="red" data-testid="oper-log-error">
            {row.errorMsg}
          </Text>
        </>
      )}
    </Modal>
  );
}

/** System / Operation log: every command with its outcome; details, delete, clean, export. */
export const OperLog = defineListScreen({
  path: OPER_LOG_PATH,
  testId: 'oper-log',
  texts: { title: 'operLog.title', empty: 'logs.empty', total: 'logs.total', actions: 'operLog.actions' },
  filters: operLogFilters,
  fetch: ({ pageNum, pageSize, ...filters }) => listOperLog({ pageNum, pageSize, ...operLogFilter(filters) }),
  rowId: (row) => row.operId,
  usePage: (list) => ({ shown: useListDialog<OperLogRow>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="title" label={t('operLog.operTitle')} maxLength={100} />
      <TextFilter bar={bar} name="operName" label={t('operLog.operName')} w={160} maxLength={100} />
      <OptionFilter
        bar={bar}
        name="businessType"
        label={t('operLog.businessType')}
        w={150}
        placeholder={t('operLog.allTypes')}
        options={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`operLog.businessTypes.${type}`) }))}
      />
      <LogStatusAndDays bar={bar} />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('title', { header: () => t('operLog.operTitle') }),
    column.accessor('businessType', {
      header: () => t('operLog.businessType'),
      cell: (c) => <BusinessTypeBadge type={c.getValue()} />,
    }),
    column.accessor('operName', { header: () => t('operLog.operName') }),
    column.accessor('operIp', { header: () => t('logs.ipaddr') }),
    column.accessor('status', {
      header: () => t('logs.status'),
      cell: (c) => <LogStatusBadge status={c.getValue()} />,
    }),
    column.accessor('operTime', { header: () => t('operLog.operTime'), cell: (c) => timeOf(c.row.original) }),
    column.accessor('costTime', {
      header: () => t('operLog.costTime'),
      cell: (c) => t('operLog.costMs', { count: c.getValue() }),
    }),
  ],
  selectLabels: ({ t }) => ({
    all: t('logs.selectAll'),
    one: (row) => t('logs.select', { name: row.title, time: timeOf(row) }),
  }),
  rowActions: (row, { t, page }) => [
    {
      label: t('operLog.detail'),
      ariaLabel: t('operLog.detailOf', { name: row.title, time: timeOf(row) }),
      icon: 'eye',
      onClick: () => page.shown.open(row),
    },
  ],
  remove: ({ t }) =>
    logRemoval(t, 'monitor:operlog', (rows: OperLogRow[]) => deleteOperLog(rows.map((r) => r.operId))),
  actions: ({ t, list }) => [logClean(t, 'monitor:operlog', t('operLog.cleanConfirm'), cleanOperLog, list)],
  export: { permission: 'monitor:operlog:export', run: (query) => exportOperLog(operLogFilter(query)) },
  dialogs: ({ page: { shown } }) => shown.value && <OperLogDetail row={shown.value} onClose={shown.close} />,
});
