import { ALARM_TYPE, type AlarmStatus, type AlarmType, type MeterAlarmView } from '@hydrolog/schemas';
import { Badge, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import {
  defineListScreen,
  listColumns,
  OptionFilter,
  StatusFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { inOrder, rangeFields, rangeQuery } from '../../lib/logQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AlarmDetail } from './AlarmDetail.tsx';
import { isOpen, statusColour, useAlarmKinds } from './alarmKinds.ts';
import { exportAlarms, ignoreAlarms, listAlarms } from './api/operations.ts';
import { ALARM_RECORDS_PATH } from './NotificationBell.tsx';
import { ProcessDialog } from './ProcessDialog.tsx';
import { type AlarmsForWork, WorkOrderForm } from './WorkOrderForm.tsx';

const STATUSES = ['0', '1', '2', '3'] as const;
/** Alarm types: 0 meter, 1 system. */
const ALARM_TYPES = ['0', '1'] as const;
const column = listColumns<MeterAlarmView>();
const filters = z
  .object({
    alarmType: filterField.option(ALARM_TYPES),
    status: filterField.option(STATUSES),
    eventType: filterField.text(32),
    meterNo: filterField.text(32),
    areaAddress: filterField.text(100),
    ...rangeFields,
  })
  .transform(inOrder);
const filterOf = (query: z.infer<typeof filters>) => ({
  alarmType: query.alarmType === '' ? undefined : (Number(query.alarmType) as AlarmType),
  status: query.status === '' ? undefined : (Number(query.status) as AlarmStatus),
  eventType: query.eventType || undefined,
  meterNo: query.meterNo || undefined,
  areaAddress: query.areaAddress || undefined,
  ...rangeQuery(query),
});
const time = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');

/**
 * Alarms / Alarm records: meter and system alarms by category, status, type, meter (or a system alarm's
 * subject), time and address; detail, process, ignore, batches.
 */
export const Alarms = defineListScreen({
  path: ALARM_RECORDS_PATH,
  testId: 'alarms',
  texts: { title: 'alarms.title', empty: 'alarms.empty', total: 'alarms.total', actions: 'alarms.actions' },
  filters,
  fetch: (query) => listAlarms({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.alarmProcessedId,
  usePage: (list) => ({
    kinds: useAlarmKinds(),
    detail: useListDialog<string>(list),
    process: useListDialog<string[]>(list),
    workOrder: useListDialog<AlarmsForWork>(list),
  }),
  filterBar: (bar, { t, page }) => (
    <>
      <OptionFilter
        bar={bar}
        name="alarmType"
        label={t('alarms.alarmType')}
        placeholder={t('alarms.allAlarmTypes')}
        options={ALARM_TYPES.map((value) => ({ value, label: t(`alarms.alarmTypes.${value}`) }))}
        w={170}
      />
      <StatusFilter bar={bar} group="alarms" statuses={STATUSES} w={150} />
      <OptionFilter
        bar={bar}
        name="eventType"
        label={t('alarms.eventType')}
        placeholder={t('alarms.allTypes')}
        options={page.kinds.options}
        w={200}
      />
      <TextFilter bar={bar} name="meterNo" label={t('alarms.meterOrSubject')} maxLength={32} w={170} />
      <TextFilter bar={bar} name="areaAddress" label={t('alarms.areaAddress')} maxLength={100} w={180} />
      <DateRangeFilter
        value={bar.filters}
        onChange={(range) => bar.setFilters((f) => ({ ...f, ...range }))}
      />
    </>
  ),
  columns: ({ t, page, language }) => [
    column.accessor('status', {
      header: t('alarms.status'),
      cell: (c) => (
        <Badge color={statusColour(c.getValue())} variant="light" tt="none">
          {t(`alarms.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('eventType', {
      header: t('alarms.eventType'),
      cell: (c) => (
        <>
          {page.kinds.label(c.getValue())}
          {c.row.original.clearedTime && (
            <Text size="xs" c="teal">
              {t(c.row.original.alarmType === ALARM_TYPE.system ? 'alarms.clearedSystem' : 'alarms.cleared', {
                time: time(c.row.original.clearedTime),
              })}
            </Text>
          )}
        </>
      ),
    }),
    column.accessor('alarmType', {
      header: t('alarms.alarmType'),
      cell: (c) => t(`alarms.alarmTypes.${c.getValue()}`),
    }),
    column.accessor('level', { header: t('alarms.level'), cell: (c) => t(`alarms.levels.${c.getValue()}`) }),
    column.accessor('meterNo', { header: t('alarms.meterOrSubject') }),
    column.accessor('accountName', { header: t('alarms.accountName') }),
    column.accessor('areaAddress', { header: t('alarms.areaAddress') }),
    column.accessor('value', {
      header: t('alarms.value'),
      cell: (c) => {
        const { value, threshold } = c.row.original;
        if (value === null) return '';
        const shown = formatNumber(value, language, 0, 3);
        return threshold === null ? shown : `${shown} / ${formatNumber(threshold, language, 0, 3)}`;
      },
    }),
    column.accessor('alarmTime', { header: t('alarms.alarmTime'), cell: (c) => time(c.getValue()) }),
    column.accessor('remark', { header: t('alarms.remark') }),
  ],
  selectLabels: ({ t, page }) => ({
    all: t('alarms.selectAll'),
    one: (row) =>
      t(row.alarmType === ALARM_TYPE.system ? 'alarms.selectSystem' : 'alarms.select', {
        type: page.kinds.label(row.eventType),
        meterNo: row.meterNo,
      }),
  }),
  rowActions: (alarm, { t, page, list }) => {
    const named = { type: page.kinds.label(alarm.eventType), meterNo: alarm.meterNo };
    // A system alarm is about its subject (a gateway, the readings, a job), not a meter.
    const system = alarm.alarmType === ALARM_TYPE.system;
    return [
      {
        label: t('alarms.detail'),
        ariaLabel: t(system ? 'alarms.detailOfSystem' : 'alarms.detailOf', named),
        icon: 'eye',
        permission: ['report:alarm:query'],
        onClick: () => page.detail.open(alarm.alarmProcessedId),
      },
      ...(isOpen(alarm.status)
        ? [
            {
              label: t('alarms.process'),
              ariaLabel: t(system ? 'alarms.processOfSystem' : 'alarms.processOf', named),
              icon: 'check',
              color: 'teal',
              permission: ['report:alarm:process'],
              onClick: () => page.process.open([alarm.alarmProcessedId]),
            },
            {
              label: t('alarms.ignore'),
              ariaLabel: t(system ? 'alarms.ignoreOfSystem' : 'alarms.ignoreOf', named),
              icon: 'ban',
              color: 'gray',
              permission: ['report:alarm:ignore'],
              onClick: () => void ignore(t, [alarm], list.load),
            },
          ]
        : []),
    ];
  },
  batchActions: ({ t, page, list }) => [
    {
      label: (count) => `${t('alarms.batchProcess')} (${count})`,
      permission: ['report:alarm:process'],
      color: 'teal',
      enabled: (rows) => rows.length > 0 && rows.every((r) => isOpen(r.status)),
      run: (rows) => page.process.open(rows.map((r) => r.alarmProcessedId)),
    },
    {
      label: (count) => `${t('alarms.batchIgnore')} (${count})`,
      permission: ['report:alarm:ignore'],
      color: 'gray',
      enabled: (rows) => rows.length > 0 && rows.every((r) => isOpen(r.status)),
      run: (rows) => void ignore(t, rows, list.load),
    },
    {
      label: (count) => `${t('alarms.createWorkOrder')} (${count})`,
      permission: ['workOrder:maintenance:add'],
      // A work order is for one meter: the server refuses alarms of several, or a system alarm (it has no
      // meter), in the user's language.
      enabled: (rows) => rows.length > 0 && rows.every((r) => isOpen(r.status)),
      run: (rows) =>
        page.workOrder.open({
          alarmIds: rows.map((r) => r.alarmProcessedId),
          meterNo: rows.find((r) => r.alarmType === ALARM_TYPE.meter)?.meterNo ?? '',
        }),
    },
  ],
  export: { permission: 'report:alarm:export', run: (query) => exportAlarms(filterOf(query)) },
  minWidth: 1100,
  dialogs: ({ page, list }) => (
    <>
      {page.detail.value && (
        <AlarmDetail alarmId={page.detail.value} onClose={page.detail.close} onChanged={list.load} />
      )}
      {page.process.value && (
        <ProcessDialog
          alarmIds={page.process.value}
          onClose={page.process.close}
          onDone={page.process.saved}
        />
      )}
      {page.workOrder.value && (
        <WorkOrderForm
          kind="maintenance"
          order={null}
          fromAlarms={page.workOrder.value}
          onClose={page.workOrder.close}
          onSaved={page.workOrder.saved}
        />
      )}
    </>
  ),
});

function ignore(t: TFunction, rows: MeterAlarmView[], done: () => void) {
  return confirmAndRun(
    {
      title: t('alarms.ignore'),
      message: t('alarms.ignoreConfirm', { count: rows.length }),
      confirm: t('alarms.ignore'),
    },
    () => ignoreAlarms(rows.map((r) => r.alarmProcessedId)),
    t('alarms.ignoredDone'),
  ).then((ok) => ok && done());
}
