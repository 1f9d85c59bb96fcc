import {
  METER_NO_MAX,
  type UpdateWorkOrderBody,
  updateWorkOrderBodySchema,
  WORK_ORDER_DESCRIPTION_MAX,
  WORK_ORDER_TITLE_MAX,
  type WorkOrderAssignee,
  type WorkOrderBody,
  type WorkOrderKind,
  type WorkOrderView,
  workOrderBodySchema,
} from '@hydrolog/schemas';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createWorkOrder, updateWorkOrder, workOrderAssignees } from './api/work-orders.ts';

interface Values extends Record<string, unknown> {
  workOrderId?: string;
  version?: number;
  title: string;
  description: string;
  dueDate: string;
  meterNo: string;
  assigneeId?: string;
  alarmIds?: string[];
}

/** The selected alarms a new order is made from, and their meter. */
export interface AlarmsForWork {
  alarmIds: string[];
  meterNo: string;
}

/** The staff users an order of this kind can be given to, loaded once. */
export function useAssignees(kind: WorkOrderKind): WorkOrderAssignee[] {
  const [assignees, setAssignees] = useState<WorkOrderAssignee[]>([]);
  useEffect(() => {
    workOrderAssignees(kind).then(setAssignees, () => undefined);
  }, [kind]);
  return assignees;
}

/** Creates a work order of a kind (with its assignee), or changes an open one's title, description and due date. */
export function WorkOrderForm(props: {
  kind: WorkOrderKind;
  order: WorkOrderView | null;
  fromAlarms?: AlarmsForWork;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { kind, order } = props;
  const assignees = useAssignees(kind);
  const form = useSchemaForm<Values, WorkOrderBody | UpdateWorkOrderBody>(
    order ? updateWorkOrderBodySchema : workOrderBodySchema,
    order
      ? {
          workOrderId: order.workOrderId,
          version: order.version,
          title: order.title,
          description: order.description,
          dueDate: order.dueDate ?? '',
          meterNo: order.meterNo ?? '',
        }
      : {
          title: '',
          description: '',
          dueDate: '',
          meterNo: props.fromAlarms?.meterNo ?? '',
          assigneeId: '',
          alarmIds: props.fromAlarms?.alarmIds ?? [],
        },
  );

  return (
    <FormDialog
      title={order ? t('workOrders.editOf', { name: order.title }) : t('workOrders.new')}
      busy={form.busy}
      testId="work-order-form"
      onClose={props.onClose}
      onSubmit={() =>
        form.save(
          createOrUpdate<UpdateWorkOrderBody, WorkOrderBody>(
            order,
            (body) => updateWorkOrder(kind, body),
            (body) => createWorkOrder(kind, body),
          ),
          t('workOrders.saved'),
          props.onSaved,
        )
      }
    >
      <TextInput
        label={t('workOrders.orderTitle')}
        withAsterisk
        data-autofocus
        maxLength={WORK_ORDER_TITLE_MAX}
        {...form.text('title')}
      />
      <Textarea
        label={t('workOrders.description')}
        autosize
        minRows={3}
        maxLength={WORK_ORDER_DESCRIPTION_MAX}
        {...form.text('description')}
      />
      <TextInput
        label={t('workOrders.meterNo')}
        inputMode="numeric"
        maxLength={METER_NO_MAX}
        {...form.text('meterNo')}
      />
      <TextInput label={t('workOrders.dueDate')} type="date" {...form.text('dueDate')} />
      {!order && (
        <Select
          label={t('workOrders.assignee')}
          placeholder={t('workOrders.unassigned')}
          clearable
          searchable
          data={assignees.map((a) => ({ value: a.userId, label: a.nickName }))}
          value={form.values.assigneeId || null}
          onChange={(value) => form.set('assigneeId', value ?? '')}
          error={form.errors.assigneeId}
        />
      )}
    </FormDialog>
  );
}
