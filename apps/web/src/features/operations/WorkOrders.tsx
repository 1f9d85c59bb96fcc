import {
  WORK_ORDER_STATUSES,
  WORK_ORDER_TITLE_MAX,
  type WorkOrderKind,
  type WorkOrderStatus,
  type WorkOrderView,
} from '@hydrolog/schemas';
import dayjs from 'dayjs';
import { z } from 'zod';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  StatusFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { exportWorkOrders, listWorkOrders } from './api/work-orders.ts';
import { DueDate, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';
import { WorkOrderDetail } from './WorkOrderDetail.tsx';
import { WorkOrderForm } from './WorkOrderForm.tsx';

const column = listColumns<WorkOrderView>();
const filters = z.object({
  title: filterField.text(WORK_ORDER_TITLE_MAX),
  status: filterField.option(WORK_ORDER_STATUSES),
});
const filterOf = (query: z.infer<typeof filters>) => ({
  title: query.title || undefined,
  status: (query.status || undefined) as WorkOrderStatus | undefined,
});
const isOpen = (order: WorkOrderView) => order.status === 'pending' || order.status === 'processing';

/**
 * Work orders / Maintenance or Meter reading: the orders of one kind, open ones first, each opened in a
 * drawer with its history, comments and photos, where it is assigned, started, completed or cancelled.
 */
function workOrderScreen(kind: WorkOrderKind, path: string) {
  const perms = (action: string) => [`workOrder:${kind}:${action}`];
  return defineListScreen({
    path,
    testId: `work-orders-${kind}`,
    texts: {
      title: `workOrders.titles.${kind}`,
      empty: 'workOrders.empty',
      total: 'workOrders.total',
      actions: 'workOrders.actions',
    },
    filters,
    fetch: (query) => listWorkOrders(kind, { ...pageParams(query), ...filterOf(query) }),
    rowId: (row) => row.workOrderId,
    usePage: (list) => ({ detail: useListDialog<string>(list) }),
    filterBar: (bar, { t }) => (
      <>
        <TextFilter
          bar={bar}
          name="title"
          label={t('workOrders.orderTitle')}
          maxLength={WORK_ORDER_TITLE_MAX}
        />
        <StatusFilter bar={bar} group="workOrders" statuses={WORK_ORDER_STATUSES} />
      </>
    ),
    columns: ({ t }) => [
      column.accessor('title', { header: t('workOrders.orderTitle') }),
      column.accessor('status', {
        header: t('workOrders.status'),
        cell: (c) => <WorkOrderStatusBadge status={c.getValue()} />,
      }),
      column.accessor('assigneeName', {
        header: t('workOrders.assignee'),
        cell: (c) => c.getValue() ?? t('workOrders.unassigned'),
      }),
      column.accessor('meterNo', { header: t('workOrders.meterNo') }),
      column.accessor('dueDate', {
        header: t('workOrders.dueDate'),
        cell: (c) => <DueDate dueDate={c.getValue()} overdue={c.row.original.overdue} />,
      }),
      column.accessor('createBy', { header: t('workOrders.createBy') }),
      column.accessor('createTime', {
        header: t('workOrders.createTime'),
        cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
      }),
    ],
    editRow: editRowOf<WorkOrderView>('workOrders', `workOrder:${kind}:edit`, (order) => order.title, isOpen),
    rowActions: (order, { t, page }) => [
      {
        label: t('workOrders.open'),
        ariaLabel: t('workOrders.openOf', { name: order.title }),
        icon: 'eye',
        permission: perms('query'),
        onClick: () => page.detail.open(order.workOrderId),
      },
    ],
    export: {
      permission: `workOrder:${kind}:export`,
      run: (query) => exportWorkOrders(kind, filterOf(query)),
    },
    minWidth: 900,
    create: ({ t }) => ({ label: t('workOrders.new'), permission: perms('add') }),
    form: ({ row, close, saved }) => (
      <WorkOrderForm kind={kind} order={row} onClose={close} onSaved={saved} />
    ),
    dialogs: ({ page: { detail }, list }) =>
      detail.value && (
        <WorkOrderDetail
          scope={kind}
          workOrderId={detail.value}
          onClose={detail.close}
          onChanged={list.load}
        />
      ),
  });
}

/** The routes of these pages (menu catalogue components 'workOrder/maintenance/index', 'workOrder/reading/index'). */
export const MAINTENANCE_WORK_ORDERS_PATH = '/workOrder/maintenance';
export const READING_WORK_ORDERS_PATH = '/workOrder/reading';

export const MaintenanceWorkOrders = workOrderScreen('maintenance', MAINTENANCE_WORK_ORDERS_PATH);
export const ReadingWorkOrders = workOrderScreen('reading', READING_WORK_ORDERS_PATH);
