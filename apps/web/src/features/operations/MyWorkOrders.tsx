import {
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
  type WorkOrderView,
  workOrderKindOf,
} from '@hydrolog/schemas';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, StatusFilter } from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { listMyWorkOrders } from './api/work-orders.ts';
import { DueDate, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';
import { WorkOrderDetail } from './WorkOrderDetail.tsx';

/** The route of this page (menu catalogue component 'workOrder/mine/index'). */
export const MY_WORK_ORDERS_PATH = '/workOrder/mine';

const filters = z.object({ status: filterField.option(WORK_ORDER_STATUSES) });

/**
 * Work orders / My work orders: the caller's own orders as cards (a phone's layout at any width), open ones
 * first and the soonest due first; each opens full screen on a phone, to start, photograph, comment and
 * complete it on site.
 */
export const MyWorkOrders = defineListScreen({
  path: MY_WORK_ORDERS_PATH,
  testId: 'my-work-orders',
  texts: { title: 'workOrders.mine.title', empty: 'workOrders.mine.empty', total: 'workOrders.total' },
  filters,
  fetch: (query) =>
    listMyWorkOrders({
      ...pageParams(query),
      status: (query.status || undefined) as WorkOrderStatus | undefined,
    }),
  rowId: (row) => row.workOrderId,
  usePage: (list) => ({ detail: useListDialog<string>(list) }),
  filterBar: (bar) => <StatusFilter bar={bar} group="workOrders" statuses={WORK_ORDER_STATUSES} />,
  card: (order, { page }) => (
    <WorkOrderCard order={order} onOpen={() => page.detail.open(order.workOrderId)} />
  ),
  dialogs: ({ page: { detail }, list }) =>
    detail.value && (
      <WorkOrderDetail scope="mine" workOrderId={detail.value} onClose={detail.close} onChanged={list.load} />
    ),
});

/** An order of the feed: its title and state, its kind, meter and due date, large enough for a thumb. */
function WorkOrderCard({ order, onOpen }: { order: WorkOrderView; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton onClick={onOpen} aria-label={t('workOrders.openOf', { name: order.title })} w="100%">
      <Paper withBorder p="md" data-status={order.status}>
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{order.title}</Text>
            <WorkOrderStatusBadge status={order.status} />
          </Group>
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {t(`workOrders.types.${workOrderKindOf(order.workOrderType)}`)}
            </Text>
            {order.meterNo && <Text size="sm">{order.meterNo}</Text>}
            <Text size="sm" component="div">
              <DueDate dueDate={order.dueDate} overdue={order.overdue} />
            </Text>
          </Group>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
