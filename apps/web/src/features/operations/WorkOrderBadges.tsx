import type { WorkOrderStatus } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<WorkOrderStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  cancelled: 'gray',
};

/** A work order's state as a coloured badge. */
export function WorkOrderStatusBadge({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} tt="none" data-status={status}>
      {t(`workOrders.statuses.${status}`)}
    </Badge>
  );
}

/** A due date, in red with "overdue" when the order is open past it. */
export function DueDate({ dueDate, overdue }: { dueDate: string | null; overdue: boolean }) {
  const { t } = useTranslation();
  if (!dueDate) return '—';
  return overdue ? (
    <Badge variant="light" color="red" tt="none" title={t('workOrders.overdue')}>
      {dueDate} · {t('workOrders.overdue')}
    </Badge>
  ) : (
    dueDate
  );
}
