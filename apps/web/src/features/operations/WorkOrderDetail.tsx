import {
  type CancelWorkOrderBody,
  type CompleteWorkOrderBody,
  cancelWorkOrderBodySchema,
  completeWorkOrderBodySchema,
  type WorkOrderDetail as Detail,
  WORK_ORDER_COMMENT_MAX,
  WORK_ORDER_REMARK_MAX,
  type WorkOrderKind,
  workOrderKindOf,
} from '@hydrolog/schemas';
import {
  Button,
  Drawer,
  FileButton,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useHasPermi } from '../../components/Permission.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { MOBILE_QUERY } from '../../lib/mobile.ts';
import {
  assignWorkOrder,
  attachToWorkOrder,
  cancelWorkOrder,
  commentWorkOrder,
  completeWorkOrder,
  getWorkOrder,
  startWorkOrder,
  type WorkOrderScope,
} from './api/work-orders.ts';
import { DueDate, WorkOrderStatusBadge } from './WorkOrderBadges.tsx';
import { useAssignees } from './WorkOrderForm.tsx';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** A labelled value, a dash when empty. */
function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

/**
 * A work order, its attachments and its history (every change, read from its stream), with what the caller
 * may do next: start, complete, comment and attach a photo (its assignee, or a holder of the process
 * permission), assign and cancel (from the page of its kind). Full screen on a phone (under 992 px).
 */
export function WorkOrderDetail({
  scope,
  workOrderId,
  onClose,
  onChanged,
}: {
  scope: WorkOrderScope;
  workOrderId: string;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const hasPermi = useHasPermi();
  const [order, setOrder] = useState<Detail | null>(null);
  const [dialog, setDialog] = useState<'complete' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const [comment, setComment] = useState('');

  // The list behind re-renders with new callbacks; the order is loaded again only when it is another.
  const close = useRef(onClose);
  close.current = onClose;
  const load = useCallback(() => {
    getWorkOrder(scope, workOrderId).then(setOrder, () => close.current());
  }, [scope, workOrderId]);
  useEffect(load, [load]);

  /** Runs a change; the order as it is then replaces the one shown, and the list behind reloads. */
  const change = async (run: () => Promise<Detail | unknown>) => {
    setBusy(true);
    try {
      await run();
      notifications.show({ color: 'green', message: t('workOrders.done') });
      load();
      onChanged();
      return true;
    } catch {
      // shown by the request layer
      return false;
    } finally {
      setBusy(false);
    }
  };

  const kind = order ? workOrderKindOf(order.workOrderType) : undefined;
  const may = (action: 'process' | 'edit' | 'remove') =>
    scope === 'mine'
      ? action === 'process' && hasPermi(['workOrder:mine:process'])
      : hasPermi([`workOrder:${scope}:${action}`]);
  const open = order !== null && (order.status === 'pending' || order.status === 'processing');

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={order ? order.title : t('workOrders.title')}
    >
      {!order || !kind ? (
        <Loader />
      ) : (
        <Stack data-testid="work-order-detail">
          <Group>
            <WorkOrderStatusBadge status={order.status} />
            <Text size="sm" c="dimmed">
              {t(`workOrders.types.${kind}`)}
            </Text>
          </Group>
          {order.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{order.description}</Text>}
          <SimpleGrid cols={phone ? 1 : 2}>
            <Field
              label={t('workOrders.assignee')}
              value={order.assigneeName ?? t('workOrders.unassigned')}
            />
            <Field
              label={t('workOrders.dueDate')}
              value={<DueDate dueDate={order.dueDate} overdue={order.overdue} />}
            />
            <Field label={t('workOrders.meterNo')} value={order.meterNo} />
            <Field label={t('workOrders.createBy')} value={order.createBy} />
            <Field label={t('workOrders.createTime')} value={time(order.createTime)} />
            {order.completeTime && (
              <Field label={t('workOrders.completeTime')} value={time(order.completeTime)} />
            )}
            {order.remark && <Field label={t('workOrders.remark')} value={order.remark} />}
            {order.alarmIds.length > 0 && (
              <Field
                label={t('workOrders.alarmsLabel')}
                value={t('workOrders.alarms', { count: order.alarmIds.length })}
              />
            )}
          </SimpleGrid>

          {open && (
            <Group data-testid="work-order-actions">
              {order.status === 'pending' && order.assigneeId && may('process') && (
                <Button
                  loading={busy}
                  leftSection={<Icon name="play" size={16} />}
                  onClick={() => change(() => startWorkOrder(scope, order.workOrderId))}
                >
                  {t('workOrders.start')}
                </Button>
              )}
              {order.status === 'processing' && may('process') && (
                <Button
                  color="green"
                  leftSection={<Icon name="check" size={16} />}
                  onClick={() => setDialog('complete')}
                >
                  {t('workOrders.complete')}
                </Button>
              )}
              {scope !== 'mine' && may('remove') && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<Icon name="ban" size={16} />}
                  onClick={() => setDialog('cancel')}
                >
                  {t('workOrders.cancel')}
                </Button>
              )}
            </Group>
          )}
          {open && scope !== 'mine' && may('edit') && (
            <AssignField
              kind={kind}
              assigneeId={order.assigneeId}
              busy={busy}
              onAssign={(assigneeId) =>
                change(() => assignWorkOrder(kind, { workOrderId: order.workOrderId, assigneeId }))
              }
            />
          )}

          <Title order={5}>{t('workOrders.attachments')}</Title>
          {order.attachments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('workOrders.noAttachments')}
            </Text>
          ) : (
            <Group gap="xs" data-testid="work-order-attachments">
              {order.attachments.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={t('workOrders.attachmentOf', { n: i + 1 })} height={72} />
                </a>
              ))}
            </Group>
          )}
          {open && may('process') && (
            <FileButton
              accept="image/png,image/jpeg"
              onChange={(file) => file && change(() => attachToWorkOrder(scope, order.workOrderId, file))}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={busy}
                  leftSection={<Icon name="upload" size={16} />}
                >
                  {t('workOrders.addAttachment')}
                </Button>
              )}
            </FileButton>
          )}

          <Title order={5}>{t('workOrders.history')}</Title>
          <Timeline bulletSize={14} lineWidth={2} data-testid="work-order-history">
            {order.history.map((entry, i) => (
              <Timeline.Item
                key={`${entry.kind}-${i}`}
                title={t(`workOrders.historyKinds.${entry.kind}`, { name: entry.assigneeName ?? '' })}
                data-kind={entry.kind}
              >
                <Text size="xs" c="dimmed">
                  {time(entry.time)}
                  {entry.userName ? ` · ${entry.userName}` : ''}
                </Text>
                {entry.text && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {entry.text}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
          {open && may('process') && (
            <Stack gap="xs">
              <Textarea
                label={t('workOrders.comment')}
                autosize
                minRows={2}
                maxLength={WORK_ORDER_COMMENT_MAX}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button
                  variant="light"
                  loading={busy}
                  disabled={!comment.trim()}
                  onClick={async () => {
                    if (
                      await change(() =>
                        commentWorkOrder(scope, { workOrderId: order.workOrderId, content: comment }),
                      )
                    )
                      setComment('');
                  }}
                >
                  {t('workOrders.addComment')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
      {order && dialog === 'complete' && (
        <RemarkDialog
          title={t('workOrders.completeTitle')}
          submitLabel={t('workOrders.complete')}
          field="remark"
          required={false}
          onClose={() => setDialog(null)}
          send={(remark) =>
            change(() => completeWorkOrder(scope, { workOrderId: order.workOrderId, remark }))
          }
        />
      )}
      {order && kind && dialog === 'cancel' && (
        <RemarkDialog
          title={t('workOrders.cancelTitle')}
          submitLabel={t('workOrders.cancel')}
          field="reason"
          required
          onClose={() => setDialog(null)}
          send={(reason) => change(() => cancelWorkOrder(kind, { workOrderId: order.workOrderId, reason }))}
        />
      )}
    </Drawer>
  );
}

/** The assignee, changed by choosing another staff user. */
function AssignField(props: {
  kind: WorkOrderKind;
  assigneeId: string | null;
  busy: boolean;
  onAssign(assigneeId: string): void;
}) {
  const { t } = useTranslation();
  const assignees = useAssignees(props.kind);
  return (
    <Select
      label={t('workOrders.assign')}
      placeholder={t('workOrders.unassigned')}
      searchable
      disabled={props.busy}
      data={assignees.map((a) => ({ value: a.userId, label: a.nickName }))}
      value={props.assigneeId}
      onChange={(value) => value && value !== props.assigneeId && props.onAssign(value)}
      data-testid="work-order-assign"
    />
  );
}

/** The completion remark (optional) or the cancellation reason (required), checked by the shared schema. */
function RemarkDialog(props: {
  title: string;
  submitLabel: string;
  field: 'remark' | 'reason';
  required: boolean;
  onClose(): void;
  send(text: string): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { field } = props;
  // The order's id is checked by the server; the form checks the text with the body's own schema.
  const form = useSchemaForm<Record<string, unknown>, CompleteWorkOrderBody | CancelWorkOrderBody>(
    field === 'remark' ? completeWorkOrderBodySchema : cancelWorkOrderBodySchema,
    { workOrderId: '00000000-0000-7000-8000-000000000000', [field]: '' },
  );
  return (
    <FormDialog
      title={props.title}
      submitLabel={props.submitLabel}
      busy={form.busy}
      testId="work-order-remark"
      onClose={props.onClose}
      onSubmit={() =>
        form.submit(async () => {
          if (await props.send(String(form.values[field] ?? '').trim())) props.onClose();
        })
      }
    >
      <Textarea
        label={t(field === 'remark' ? 'workOrders.remark' : 'workOrders.reason')}
        withAsterisk={props.required}
        data-autofocus
        autosize
        minRows={2}
        maxLength={WORK_ORDER_REMARK_MAX}
        {...form.text(field)}
      />
    </FormDialog>
  );
}
