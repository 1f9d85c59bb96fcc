import { type CascadeAlarmView, cascadeAlarmKindSchema, LEAK_ALARM_KINDS } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import {
  defineListScreen,
  listColumns,
  OptionFilter,
  type RowActionItem,
} from '../../components/ListScreen.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams } from '../../lib/listQuery.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { exportCascadeAlarms, listCascadeAlarms, processCascadeAlarms } from './api/cascade.ts';
import {
  CASCADE_ALARMS_SCOPE,
  CASCADE_ANALYSIS_PATH,
  cascadeAlarmFilter,
  cascadeAlarmFilters,
} from './cascadeQuery.ts';

interface Props {
  /** The partition the analysis page shows ('' before one is known: every partition). */
  partitionId: string;
  /** The tenant's today, where the day presets end. */
  today: string;
  /** Opens a leak on its point's night-flow chart. */
  onShowLeak(alarm: CascadeAlarmView): void;
}

const column = listColumns<CascadeAlarmView>();
const STATUS_COLORS = { open: 'red', processed: 'green', repaired: 'teal' } as const;
const trendArrow = (trend: number | null) => (trend === null ? '—' : trend > 0 ? '↑' : trend < 0 ? '↓' : '→');

/** Marks an alarm processed once the user confirmed it; whether it was. */
function processAlarm(t: TFunction, alarm: CascadeAlarmView): Promise<boolean> {
  const kind = t(`cascade.alarmKinds.${alarm.kind}`);
  return confirmAndRun(
    {
      title: t('cascade.alarmProcessTitle'),
      message: t('cascade.alarmProcessConfirm', { kind, point: alarm.pointName, day: alarm.day }),
      confirm: t('cascade.alarmProcess'),
    },
    () => processCascadeAlarms([alarm.alarmId]),
    t('cascade.alarmProcessed'),
  );
}

/**
 * The cascade alarms of the partition the analysis page shows, newest first, paged on the server; filtered
 * by type and days, its params kept in the page's URL under `alarms.` beside the page's own. A leak opens on
 * its chart; an open alarm is marked processed.
 */
export const CascadeAlarms = defineListScreen({
  path: CASCADE_ANALYSIS_PATH,
  scope: CASCADE_ALARMS_SCOPE,
  testId: 'analysis-alarms',
  tableTestId: 'analysis-alarms',
  texts: { empty: 'cascade.noAlarms', actions: 'cascade.actions' },
  filters: cascadeAlarmFilters,
  fetch: (query, { partitionId }: Props) =>
    listCascadeAlarms({ ...pageParams(query), ...cascadeAlarmFilter(query, partitionId) }),
  rowId: (row) => row.alarmId,
  title: ({ t, list }) => t('cascade.alarmsTitle', { count: list.data?.total ?? 0 }),
  filterBar: (bar, { t, props }) => (
    <>
      <OptionFilter
        bar={bar}
        name="kind"
        label={t('cascade.alarmType')}
        w={200}
        placeholder={t('cascade.allAlarmKinds')}
        options={cascadeAlarmKindSchema.options.map((kind) => ({
          value: kind,
          label: t(`cascade.alarmKinds.${kind}`),
        }))}
      />
      <DateRangeFilter
        value={bar.filters}
        today={props.today}
        onChange={(range) => bar.setFilters((f) => ({ ...f, ...range }))}
      />
    </>
  ),
  columns: ({ t, language }) => [
    column.accessor('kind', {
      header: () => t('cascade.alarmType'),
      cell: (c) => <Badge variant="light">{t(`cascade.alarmKinds.${c.getValue()}`)}</Badge>,
    }),
    column.accessor('pointName', { header: () => t('cascade.point') }),
    column.display({
      id: 'content',
      header: () => t('cascade.alarmContent'),
      cell: (c) => t(`cascade.alarmContents.${c.row.original.kind}`),
    }),
    column.accessor('value', {
      header: () => t('cascade.alarmValue'),
      cell: (c) =>
        c.row.original.kind === 'leakageRate'
          ? formatPercent(c.getValue(), language)
          : formatNumber(c.getValue(), language, 3),
    }),
    column.accessor('trend', {
      header: () => t('cascade.alarmTrend'),
      cell: (c) => trendArrow(c.getValue()),
    }),
    column.accessor('day', { header: () => t('cascade.alarmTime') }),
    column.accessor('status', {
      header: () => t('cascade.alarmStatus'),
      cell: (c) => (
        <Badge variant="light" color={STATUS_COLORS[c.getValue()]}>
          {t(`cascade.alarmStatuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
  ],
  rowActions: (alarm, { t, list, props }) => {
    const actions: RowActionItem[] = [];
    if ((LEAK_ALARM_KINDS as readonly string[]).includes(alarm.kind))
      actions.push({
        label: t('cascade.leaks.showOnChart'),
        ariaLabel: t('cascade.leaks.showOnChartOf', { point: alarm.pointName, day: alarm.day }),
        icon: 'chart',
        onClick: () => props.onShowLeak(alarm),
      });
    if (alarm.status === 'open')
      actions.push({
        label: t('cascade.alarmProcess'),
        ariaLabel: t('cascade.alarmProcessOf', {
          kind: t(`cascade.alarmKinds.${alarm.kind}`),
          point: alarm.pointName,
          day: alarm.day,
        }),
        icon: 'check',
        color: 'green',
        permission: ['cascade:analysis:process'],
        onClick: () => void processAlarm(t, alarm).then((done) => done && list.load()),
      });
    return actions;
  },
  export: {
    permission: 'cascade:analysis:export',
    run: (query, { partitionId }) => exportCascadeAlarms(cascadeAlarmFilter(query, partitionId)),
  },
  minWidth: 760,
});
