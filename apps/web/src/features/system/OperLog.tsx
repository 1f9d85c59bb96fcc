import type { BusinessType, OperLogRow } from '@hydrolog/schemas';
import { Badge, Card, Code, Group, Modal, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import {
  FilterBar,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
} from '../../components/ListTable.tsx';
import { useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import {
  BUSINESS_TYPES,
  EMPTY_OPER_LOG_FILTERS,
  type OperLogListQuery,
  operLogFilter,
  parseOperLogQuery,
  prettyParams,
} from '../../lib/logQuery.ts';
import { cleanOperLog, deleteOperLog, exportOperLog, listOperLog } from './api/monitor.ts';
import { LogActions, LogStatusBadge, LogStatusSelect } from './LogParts.tsx';
import { useLogCommands } from './useLogCommands.ts';

/** The route of this page (menu catalogue component 'monitor/operlog/index'). */
export const OPER_LOG_PATH = '/system/operlog';

const column = createColumnHelper<typeof selectableFeatures, OperLogRow>();
const NO_ROWS: OperLogRow[] = [];
const fetchRows = ({ pageNum, pageSize, ...filters }: OperLogListQuery) =>
  listOperLog({ pageNum, pageSize, ...operLogFilter(filters) });
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
export function OperLog() {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: OPER_LOG_PATH,
    parse: parseOperLogQuery,
    empty: EMPTY_OPER_LOG_FILTERS,
    fetch: fetchRows,
  });
  const { query, filters, setFilter, setFilters, data } = list;
  const [shown, setShown] = useState<OperLogRow | null>(null);
  const commands = useLogCommands<OperLogRow>({
    remove: (rows) => deleteOperLog(rows.map((r) => r.operId)),
    clean: cleanOperLog,
    exportFile: () => exportOperLog(operLogFilter(query)),
    cleanConfirm: t('operLog.cleanConfirm'),
    onRemoved: list.removed,
    onCleaned: () => list.removed(list.data?.total ?? 0),
  });

  const canSelect = hasPermi(['monitor:operlog:remove']);
  const columns = column.columns([
    ...(canSelect
      ? [
          selectionColumn<OperLogRow>({
            all: t('logs.selectAll'),
            one: (row) => t('logs.select', { name: row.title, time: timeOf(row) }),
          }),
        ]
      : []),
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
    column.display({
      id: 'actions',
      header: () => t('operLog.actions'),
      cell: (c) => (
        <RowAction
          label={t('operLog.detail')}
          ariaLabel={t('operLog.detailOf', { name: c.row.original.title, time: timeOf(c.row.original) })}
          icon="eye"
          onClick={() => setShown(c.row.original)}
        />
      ),
    }),
  ]);
  const table = useTable({
    features: selectableFeatures,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.operId,
    enableRowSelection: canSelect,
    state: { rowSelection: list.selection },
    onRowSelectionChange: list.setSelection,
  });
  const selected = (data?.rows ?? NO_ROWS).filter((row) => list.selection[row.operId]);

  return (
    <Card withBorder data-testid="oper-log-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('operLog.title')}</Title>
        <LogActions
          permission="monitor:operlog"
          selected={selected.length}
          onRemove={() => void commands.remove(selected)}
          onClean={() => void commands.clean()}
          onExport={() => void commands.exportFile()}
          exporting={commands.exporting}
        />
      </Group>
      <FilterBar testId="oper-log-filter" onSearch={list.search} onReset={list.reset}>
        <TextInput
          label={t('operLog.operTitle')}
          value={filters.title}
          maxLength={100}
          onChange={(e) => setFilter('title', e.currentTarget.value)}
        />
        <TextInput
          label={t('operLog.operName')}
          w={160}
          value={filters.operName}
          maxLength={100}
          onChange={(e) => setFilter('operName', e.currentTarget.value)}
        />
        <Select
          label={t('operLog.businessType')}
          w={150}
          placeholder={t('operLog.allTypes')}
          clearable
          data={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`operLog.businessTypes.${type}`) }))}
          value={filters.businessType || null}
          onChange={(value) => setFilter('businessType', BUSINESS_TYPES.find((type) => type === value) ?? '')}
        />
        <LogStatusSelect value={filters.status} onChange={(status) => setFilter('status', status)} />
        <DateRangeFilter value={filters} onChange={(range) => setFilters((f) => ({ ...f, ...range }))} />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={list.loading}
        empty={t('logs.empty')}
        testId="oper-log-table"
        selection={list.selection}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('logs.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {shown && <OperLogDetail row={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}
