import type { WorkOrderKind, WorkOrderListQuery, WorkOrderView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { workOrderList } from './list-work-orders.ts';

/** The work orders of a kind and a filter as an xlsx workbook, one row per order, in the list's order. */
export async function exportWorkOrders(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: WorkOrderKind,
  filter: WorkOrderListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await workOrderList(db, request, kind, { ...filter, ...everyRow });
  return sendXlsx<WorkOrderView>(
    reply,
    `work-orders-${kind}`,
    [
      { header: t('workOrders.orderTitle'), value: (r) => r.title, width: 30 },
      { header: t('workOrders.status'), value: (r) => t(`workOrders.statuses.${r.status}`), width: 12 },
      { header: t('workOrders.assignee'), value: (r) => r.assigneeName ?? '', width: 18 },
      { header: t('workOrders.meterNo'), value: (r) => r.meterNo ?? '', width: 16 },
      { header: t('workOrders.dueDate'), value: (r) => r.dueDate ?? '', width: 12 },
      {
        header: t('workOrders.overdue'),
        value: (r) => (r.overdue ? t('workOrders.overdue') : ''),
        width: 10,
      },
      { header: t('workOrders.description'), value: (r) => r.description, width: 40 },
      { header: t('workOrders.remark'), value: (r) => r.remark ?? '', width: 30 },
      { header: t('workOrders.createBy'), value: (r) => r.createBy ?? '', width: 16 },
      { header: t('workOrders.createTime'), value: (r) => r.createTime, width: 22 },
      { header: t('workOrders.completeTime'), value: (r) => r.completeTime ?? '', width: 22 },
    ],
    rows,
  );
}
