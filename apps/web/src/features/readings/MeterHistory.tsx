import { DEFAULT_PAGE_SIZE, type Language, PAGE_SIZES } from '@hydrolog/schemas';
import {
  Alert,
  alpha,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  LoadingOverlay,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { z } from 'zod';
import { RequestError } from '../../api/request.ts';
import {
  Chart,
  type ChartOptions,
  type ChartTheme,
  fitAxisSize,
  shadeXRanges,
  themedAxis,
  useChartTheme,
  zonedDate,
} from '../../components/Chart.tsx';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { FigureValue } from '../../components/FigureValue.tsx';
import { Icon } from '../../components/Icon.tsx';
import { defineListScreen, listColumns } from '../../components/ListScreen.tsx';
import { FilterBar, figureColumns, ListPager, ListTable } from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { usePollWhile } from '../../hooks/usePollWhile.ts';
import { useRouteQuery } from '../../hooks/useRouteQuery.ts';
import { currentMessages } from '../../i18n/index.ts';
import type { PageQuery } from '../../lib/listQuery.ts';
import type { DateRange } from '../../lib/logQuery.ts';
import { commandStatusColor, isCommandUnderWay } from '../../lib/meterQuery.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import {
  type DailyRow,
  dailyRows,
  type HistoryRange,
  type HourlyChart,
  hourlyChartData,
  rangeSummary,
} from '../../lib/readingSeries.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { formatInZone, localDate, todayIn } from '../../lib/tenantTime.ts';
import { session } from '../../store/session.ts';
import {
  CommandFailureText,
  listMeterCommands,
  type MeterCommandRecord,
  ValveState,
} from '../meters/index.ts';
import {
  getMeterHistory,
  type MeterHistory as History,
  type MeterFrozen,
  type MeterReading,
} from './api/readings.ts';
import { HistoryImport } from './HistoryImport.tsx';
import { HISTORY_PATH } from './paths.ts';
import {
  DEFAULT_HISTORY_DAYS,
  type HistoryQuery,
  historySearch,
  lastDaysUntil,
  meterNoError,
  parseHistoryQuery,
} from './readingQuery.ts';

const M3 = 'm³';
const NONE = '—';
const features = tableFeatures({});
const dailyColumn = createColumnHelper<typeof features, DailyRow>();
const readingColumn = createColumnHelper<typeof features, MeterReading>();
const frozenColumn = createColumnHelper<typeof features, MeterFrozen>();
const commandColumn = listColumns<MeterCommandRecord>();

/** A value with its unit, or a dash when the meter does not report it. */
const withUnit = (value: string, unit: string) => (value ? `${value} ${unit}` : NONE);

// ---- Chart -------------------------------------------------------------------------------------------

/** The index at or before `from` whose value in `ys` is defined (undefined marks another series' point). */
function definedAtOrBefore(ys: ArrayLike<unknown>, from: number): number | null {
  for (let i = from; i >= 0; i--) if (ys[i] !== undefined) return i;
  return null;
}

function nearestDefined(ys: ArrayLike<unknown>, xs: ArrayLike<number>, at: number, x: number): number | null {
  const left = definedAtOrBefore(ys, at);
  let right: number | null = null;
  for (let i = at + 1; i < ys.length; i++)
    if (ys[i] !== undefined) {
      right = i;
      break;
    }
  if (left === null || right === null) return left ?? right;
  return Math.abs(xs[left]! - x) <= Math.abs(xs[right]! - x) ? left : right;
}

function hourlyChartOptions(
  theme: ChartTheme,
  timeZone: string,
  unknown: { current: HourlyChart['unknown'] },
  t: TFunction,
  language: string,
): ChartOptions {
  const volumeColor = theme.primary;
  const counterColor = theme.color('orange');
  const axisNumber = (v: number) => formatNumber(v, language, 0, 3);
  return {
    scales: { x: { time: true }, m3: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    tzDate: zonedDate(timeZone),
    cursor: {
      drag: { x: true, y: false },
      // The hour under the cursor (its bar starts at the hour) and the reading nearest to it.
      dataIdx: (u, seriesIdx, closest, x) => {
        const xs = u.data[0];
        const at = closest > 0 && xs[closest]! > x ? closest - 1 : closest;
        if (seriesIdx === 2) return nearestDefined(u.data[2]!, xs, closest, x);
        return definedAtOrBefore(u.data[1]!, at);
      },
    },
    series: [
      {
        label: t('history.hour'),
        value: (_u, v) => (v === null ? NONE : formatInZone(v * 1000, timeZone, 'YYYY-MM-DD HH:mm')),
      },
      {
        label: t('history.hourlyVolume'),
        scale: 'm3',
        stroke: volumeColor,
        fill: alpha(volumeColor, 0.6),
        width: 1,
        paths: uPlot.paths.bars?.({ align: 1, size: [0.86, Number.POSITIVE_INFINITY, 1] }),
        points: { show: false },
        value: (_u, v, _s, idx) =>
          idx === null
            ? NONE
            : v === null || v === undefined
              ? t('history.unknownVolume')
              : `${formatNumber(v, language, 3)} ${M3}`,
      },
      {
        label: t('history.counter'),
        scale: 'total',
        stroke: counterColor,
        width: 1.5,
        points: { show: false },
        value: (_u, v) => (v === null || v === undefined ? NONE : `${formatNumber(v, language, 3)} ${M3}`),
      },
    ],
    axes: [
      themedAxis(theme, {
        values: (_u, splits, _axis, _space, increment) =>
          splits.map((s, i) => {
            const ms = s * 1000;
            if (increment >= 86_400) return formatInZone(ms, timeZone, 'MM-DD');
            const clock = formatInZone(ms, timeZone, 'HH:mm');
            // The date under the first tick and under each midnight.
            return i === 0 || clock === '00:00' ? `${clock}\n${formatInZone(ms, timeZone, 'MM-DD')}` : clock;
          }),
      }),
      themedAxis(theme, {
        scale: 'm3',
        label: `${t('history.hourlyVolume')} (${M3})`,
        size: fitAxisSize(theme.font),
        values: (_u, splits) => splits.map(axisNumber),
      }),
      themedAxis(theme, {
        scale: 'total',
        side: 1,
        label: `${t('history.counter')} (${M3})`,
        size: fitAxisSize(theme.font),
        grid: { show: false },
        stroke: counterColor,
        values: (_u, splits) => splits.map(axisNumber),
      }),
    ],
    plugins: [shadeXRanges(() => unknown.current, theme.shade)],
  };
}

function HourlyVolumes({ history, range }: { history: History; range: HistoryRange }) {
  const { t, i18n } = useTranslation();
  const theme = useChartTheme();
  const chart = useMemo(() => hourlyChartData(history, range), [history, range]);
  // The shaded hours follow the data without rebuilding the chart.
  const unknown = useRef(chart.unknown);
  unknown.current = chart.unknown;
  const options = useMemo(
    () => hourlyChartOptions(theme, history.timeZone, unknown, t, i18n.language),
    [theme, history.timeZone, t, i18n.language],
  );
  return (
    <Card withBorder padding="sm" data-testid="history-chart-card">
      <Group justify="space-between" mb="xs">
        <Text fw={500}>{t('history.chartTitle')}</Text>
        <Text size="xs" c="dimmed">
          {t('history.timesIn', { timeZone: history.timeZone })}
        </Text>
      </Group>
      <Chart
        options={options}
        data={chart.data}
        height={300}
        label={t('history.chartLabel', { meterNo: history.meter.meterNo })}
        testId="history-chart"
      />
      <Text size="xs" c="dimmed" mt="xs" data-testid="history-chart-note">
        {chart.unknownHours > 0
          ? t('history.unknownNote', { count: chart.unknownHours })
          : t('history.allKnownNote')}
      </Text>
    </Card>
  );
}

// ---- Meter header ------------------------------------------------------------------------------------

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

function MeterHeader({
  history,
  daily,
  onRetried,
}: {
  history: History;
  daily: readonly DailyRow[];
  onRetried(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { meter, timeZone } = history;
  const summary = rangeSummary(daily);
  return (
    <Card withBorder padding="md" data-testid="history-meter">
      <Group gap="sm" mb="sm">
        <Icon name="gauge" size={22} />
        <Title order={5} data-testid="history-meter-no">
          {t('history.meterTitle', { meterNo: meter.meterNo })}
        </Title>
        <Badge color={meter.online ? 'teal' : 'gray'} variant="dot">
          {t(meter.online ? 'history.online' : 'history.offline')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Fact label={t('history.lastReport')}>
          {meter.lastReportAt ? (
            <Tooltip label={relativeTime(meter.lastReportAt, language)}>
              <Text component="time" dateTime={meter.lastReportAt} size="sm" fw={500}>
                {formatInZone(meter.lastReportAt, timeZone)}
              </Text>
            </Tooltip>
          ) : (
            t('history.neverReported')
          )}
        </Fact>
        <Fact label={t('history.latestTotal')}>{withUnit(formatNumber(meter.total, language, 3), M3)}</Fact>
        <Fact label={t('history.battery')}>{withUnit(formatNumber(meter.battery, language, 2), 'V')}</Fact>
        <Fact label={t('history.signal')}>{formatNumber(meter.signal, language) || NONE}</Fact>
        <Fact label={t('history.valve')}>
          <ValveState
            meterNo={meter.meterNo}
            valve={meter.valve}
            reportedAt={meter.lastReportAt}
            command={history.valveCommand}
            onRetried={onRetried}
          />
        </Fact>
        <Fact label={t('history.rangeVolume')}>
          <span data-testid="history-range-volume">
            {withUnit(formatNumber(summary.volume, language, 3), M3)}
          </span>
          <Text size="xs" c="dimmed">
            {t('history.completeDays', { known: summary.knownDays, count: summary.days })}
          </Text>
        </Fact>
      </SimpleGrid>
    </Card>
  );
}

// ---- Tables ------------------------------------------------------------------------------------------

function DailyTable({ rows }: { rows: DailyRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const withReverse = rows.some((r) => (r.reverseVolume ?? 0) > 0);
  const columns = dailyColumn.columns([
    dailyColumn.accessor('date', { header: () => t('history.date') }),
    dailyColumn.accessor('volume', {
      header: () => `${t('history.volume')} (${M3})`,
      cell: (c) => (
        <Text size="sm" c={c.row.original.known ? undefined : 'dimmed'} data-testid="daily-volume">
          <FigureValue text={formatNumber(c.getValue(), language, 3)} unknown={c.row.original.unknown} />
        </Text>
      ),
    }),
    ...(withReverse
      ? [
          dailyColumn.accessor('reverseVolume', {
            header: () => `${t('history.reverseVolume')} (${M3})`,
            cell: (c) => formatNumber(c.getValue(), language, 3) || NONE,
          }),
        ]
      : []),
    dailyColumn.accessor('coverage', {
      header: () => t('history.coverage'),
      cell: (c) => {
        const row = c.row.original;
        if (!row.hasData)
          return (
            <Badge size="sm" variant="light" color="gray">
              {t('history.noData')}
            </Badge>
          );
        return (
          <Group gap={6} wrap="nowrap">
            <span>{formatPercent(row.coverage, language)}</span>
            {!row.known && (
              <Tooltip label={t('history.partialHint', { percent: formatPercent(row.coverage, language) })}>
                <Badge size="sm" variant="light" color="yellow">
                  {t('history.partial')}
                </Badge>
              </Tooltip>
            )}
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.date });
  return (
    <ListTable
      table={table}
      rows={rows}
      loading={false}
      empty={t('history.noReadings')}
      testId="history-daily"
      minWidth={480}
      cellStyle={figureColumns('volume', 'reverseVolume')}
      rowProps={(row) => ({ 'data-date': row.date })}
    />
  );
}

/** The optional numeric channels of a reading. */
type FigureChannel = 'flow' | 'pressure' | 'battery' | 'signal' | 'temperature';

function ReadingsTable({ readings, timeZone }: { readings: MeterReading[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  // Other readings (another meter or range) start on their first page.
  useEffect(() => setPage((p) => ({ ...p, pageNum: 1 })), [readings]);
  const newestFirst = useMemo(() => [...readings].reverse(), [readings]);
  const rows = newestFirst.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize);
  // Channels the meter never reported in the range have no column.
  const when = <C,>(key: keyof MeterReading, column: C): C[] =>
    readings.some((r) => r[key] !== null) ? [column] : [];
  const number = (digits: number, unit?: string) => (value: number | null) => {
    const text = formatNumber(value, language, digits);
    return text && unit ? `${text} ${unit}` : text || NONE;
  };
  /** A numeric channel's column, when the meter reported it. */
  const figure = (key: FigureChannel, label: string, digits: number, unit?: string) =>
    when(
      key,
      readingColumn.accessor(key, { header: () => label, cell: (c) => number(digits, unit)(c.getValue()) }),
    );
  const columns = readingColumn.columns([
    readingColumn.accessor('ts', {
      header: () => t('history.readingTime'),
      cell: (c) => formatInZone(c.getValue(), timeZone),
    }),
    readingColumn.accessor('total', {
      header: () => `${t('history.total')} (${M3})`,
      cell: (c) => number(3)(c.getValue()),
    }),
    ...when(
      'reverseTotal',
      readingColumn.accessor('reverseTotal', {
        header: () => `${t('history.reverseTotal')} (${M3})`,
        cell: (c) => number(3)(c.getValue()),
      }),
    ),
    ...figure('flow', t('history.flow'), 3, 'm³/h'),
    ...figure('pressure', t('history.pressure'), 3, 'MPa'),
    ...figure('battery', t('history.battery'), 2, 'V'),
    ...figure('signal', t('history.signal'), 0),
    ...when(
      'valve',
      readingColumn.accessor('valve', {
        header: () => t('history.valve'),
        cell: (c) => (c.getValue() ? t(`history.valves.${c.getValue()!}`) : NONE),
      }),
    ),
    ...figure('temperature', t('history.temperature'), 1, '°C'),
    ...when(
      'alarms',
      readingColumn.accessor('alarms', {
        header: () => t('history.alarms'),
        cell: (c) =>
          c.getValue()?.length ? (
            <Group gap={4} wrap="nowrap">
              {c.getValue()!.map((code) => (
                <Badge key={code} size="sm" color="red" variant="light">
                  {code}
                </Badge>
              ))}
            </Group>
          ) : (
            NONE
          ),
      }),
    ),
  ]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.ts });
  return (
    <>
      <ListTable
        table={table}
        rows={rows}
        loading={false}
        empty={t('history.noReadings')}
        testId="history-readings"
        minWidth={1000}
        cellStyle={figureColumns(
          'total',
          'reverseTotal',
          'flow',
          'pressure',
          'battery',
          'signal',
          'temperature',
        )}
      />
      <ListPager
        total={readings.length}
        totalLabel={t('history.readingCount', { count: readings.length })}
        page={page}
        onChange={setPage}
      />
    </>
  );
}

function FrozenTable({ frozen, timeZone }: { frozen: MeterFrozen[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useMemo(() => [...frozen].reverse(), [frozen]);
  const columns = frozenColumn.columns([
    frozenColumn.accessor('recordDate', { header: () => t('history.recordDate') }),
    frozenColumn.accessor('reportTime', {
      header: () => t('history.reportTime'),
      cell: (c) => (c.getValue() ? formatInZone(c.getValue()!, timeZone) : NONE),
    }),
    frozenColumn.accessor('usedTotal', {
      header: () => `${t('history.usedTotal')} (${M3})`,
      cell: (c) => formatNumber(c.getValue(), language, 3) || NONE,
    }),
    frozenColumn.accessor('totalVolume', {
      header: () => `${t('history.totalVolume')} (${M3})`,
      cell: (c) => formatNumber(c.getValue(), language, 3) || NONE,
    }),
    frozenColumn.accessor('batteryVoltage', {
      header: () => t('history.batteryVoltage'),
      cell: (c) => withUnit(formatNumber(c.getValue(), language, 2), 'V'),
    }),
    frozenColumn.accessor('valveState', {
      header: () => t('history.valveState'),
      cell: (c) => (c.getValue() ? t(`history.valves.${c.getValue()!}`) : NONE),
    }),
  ]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.recordDate });
  return (
    <ListTable
      table={table}
      rows={rows}
      loading={false}
      empty={t('history.noFrozen')}
      testId="history-frozen"
      minWidth={720}
      cellStyle={figureColumns('usedTotal', 'totalVolume', 'batteryVoltage')}
    />
  );
}

/**
 * The meter's valve and key-update commands, newest first, paged on the server; followed live while one is
 * under way. Not bound to the date range: every command the meter was sent.
 */
const CommandsTable = defineListScreen({
  bare: true,
  testId: 'history-commands',
  tableTestId: 'history-commands',
  texts: { empty: 'history.noCommands', total: 'history.commandCount' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }, { meterId }: { meterId: string; timeZone: string }) =>
    listMeterCommands({ pageNum, pageSize, meterId }),
  rowId: (row) => row.commandId,
  columnChoice: false,
  usePage: (list) =>
    usePollWhile(list.data?.rows.some((r) => isCommandUnderWay(r.status)) ?? false, list.refresh),
  above: ({ t, props }) => (
    <Text size="xs" c="dimmed" mb="xs">
      {t('history.commandsNote', { timeZone: props.timeZone })}
    </Text>
  ),
  columns: ({ t, props: { timeZone } }) => {
    const time = (iso: string) => (
      <Text component="time" dateTime={iso} size="sm">
        {formatInZone(iso, timeZone)}
      </Text>
    );
    return [
      commandColumn.accessor('kind', {
        header: () => t('history.commandKind'),
        cell: (c) => t(`valves.kinds.${c.getValue()}`),
      }),
      commandColumn.accessor('status', {
        header: () => t('history.commandStatus'),
        cell: (c) => (
          <Stack gap={2} align="flex-start">
            <Badge
              color={commandStatusColor(c.getValue())}
              variant="light"
              data-testid="history-command-status"
            >
              {t(`valves.statuses.${c.getValue()}`)}
            </Badge>
            {c.row.original.failure && <CommandFailureText command={c.row.original} />}
          </Stack>
        ),
      }),
      commandColumn.accessor('issuedAt', {
        header: () => t('history.issuedAt'),
        cell: (c) => time(c.getValue()),
      }),
      commandColumn.accessor('updatedAt', {
        header: () => t('history.updatedAt'),
        cell: (c) => time(c.getValue()),
      }),
      commandColumn.accessor('attempts', { header: () => t('history.attempts') }),
      commandColumn.accessor('detail', {
        header: () => t('history.detail'),
        cell: (c) => c.getValue() ?? NONE,
      }),
    ];
  },
  minWidth: 760,
  cellStyle: figureColumns('attempts'),
});

// ---- Page --------------------------------------------------------------------------------------------

interface Loaded {
  query: HistoryQuery;
  history: History;
}

/** The form as typed: the meter number and the range of the date filter. */
interface Form {
  meterNo: string;
  range: DateRange;
}

const formOf = (query: HistoryQuery): Form => ({
  meterNo: query.meterNo,
  range: { beginTime: query.from, endTime: query.to },
});

/**
 * Reports / History: one meter's readings over local days of the tenant — its state, hourly volumes from
 * its counter (unknown hours shown as such), daily volumes with their coverage, the raw readings and the
 * daily freeze records.
 */
export function MeterHistory() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const timeZone = session.use().info?.tenant.settings.timeZone ?? 'UTC';
  const today = todayIn(timeZone);
  const parse = useCallback((search: Record<string, unknown>) => parseHistoryQuery(search, today), [today]);
  const [query, setQuery] = useRouteQuery(HISTORY_PATH, parse, historySearch);
  const [form, setForm] = useState<Form>(() => formOf(query));
  const [errors, setErrors] = useState<{ meterNo?: string; range?: string }>({});
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<{ query: HistoryQuery; message: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState<string | null>('daily');
  const [importing, setImporting] = useState(false);
  const canSeeCommands = useHasPermi()(['business:valve:list']);
  /** Search again with the same query reloads. */
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);

  // The URL decides the form: back/forward and shared links fill it.
  useEffect(() => setForm(formOf(query)), [query]);

  /** The history of the meter and range in the URL. */
  const fetchHistory = useCallback(
    () => getMeterHistory({ meterNo: query.meterNo, from: query.from, to: query.to }),
    [query],
  );

  useEffect(() => {
    const id = ++request.current;
    if (!query.meterNo) {
      setLoaded(null);
      setFailure(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    setFailure(null);
    fetchHistory()
      .then(
        (history) => {
          if (id !== request.current) return;
          setLoaded({ query, history });
          setFailure(null);
        },
        (error: unknown) => {
          if (id !== request.current) return;
          if (error instanceof RequestError && error.fieldErrors.length > 0)
            setErrors({ range: error.fieldErrors.map((e) => e.message).join(' ') });
          setLoaded(null);
          setFailure({ query, message: error instanceof Error ? error.message : t('errors.unknown') });
        },
      )
      .finally(() => id === request.current && setLoading(false));
  }, [fetchHistory, query, attempt, t]);

  /** The shown meter fetched again quietly (no overlay): after a retry, and once its command is done. */
  const refresh = useCallback(() => {
    const id = request.current;
    if (!query.meterNo) return;
    fetchHistory().then(
      (history) => id === request.current && setLoaded({ query, history }),
      () => undefined,
    );
  }, [fetchHistory, query]);

  // While the meter's valve command is under way, only that command is looked at again; the history is
  // fetched once it is done (or overtaken). Who may not list commands gets the whole history each time.
  const command = loaded?.history.valveCommand ?? null;
  const meterId = loaded?.history.meter.meterId;
  const pollCommand = useCallback(() => {
    if (!command || !meterId) return;
    const id = request.current;
    // The smallest page the service serves; its first row is the latest command of that kind.
    listMeterCommands({ meterId, kind: command.kind, pageNum: 1, pageSize: PAGE_SIZES[0] }).then(
      ({ rows: [latest] }) => {
        if (id !== request.current) return;
        if (latest?.commandId !== command.commandId || !isCommandUnderWay(latest.status)) refresh();
      },
      () => undefined,
    );
  }, [command, meterId, refresh]);
  usePollWhile(isCommandUnderWay(command?.status ?? null), canSeeCommands ? pollCommand : refresh);

  function search() {
    const meterNo = form.meterNo.trim();
    const meterError = meterNoError(meterNo, currentMessages());
    setErrors(meterError ? { meterNo: meterError } : {});
    if (meterError) return;
    const { beginTime, endTime } = form.range;
    const range =
      !beginTime || !endTime
        ? lastDaysUntil(DEFAULT_HISTORY_DAYS, today)
        : beginTime <= endTime
          ? { from: beginTime, to: endTime }
          : { from: endTime, to: beginTime };
    setQuery({ meterNo, ...range });
    setAttempt((n) => n + 1);
  }

  function reset() {
    const empty = { meterNo: '', ...lastDaysUntil(DEFAULT_HISTORY_DAYS, today) };
    setErrors({});
    setForm(formOf(empty));
    setQuery(empty);
  }

  const shown = loaded && loaded.query.meterNo === query.meterNo ? loaded : null;
  const daily = useMemo(() => (shown ? dailyRows(shown.history.daily, shown.query) : []), [shown]);
  const range = useMemo<HistoryRange | null>(
    () => (shown ? { from: shown.query.from, to: shown.query.to } : null),
    [shown],
  );
  const noReadings =
    shown !== null && shown.history.readings.length === 0 && shown.history.hourly.length === 0;

  return (
    <Card withBorder data-testid="history-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('history.title')}</Title>
        <HasPermi value={['report:history:import']}>
          <Button
            variant="light"
            leftSection={<Icon name="upload" size={16} />}
            onClick={() => setImporting(true)}
            data-testid="history-import-open"
          >
            {t('history.import')}
          </Button>
        </HasPermi>
      </Group>
      {importing && (
        <HistoryImport
          onClose={() => setImporting(false)}
          onShow={(meterNo, from, to) => {
            setImporting(false);
            setQuery({
              meterNo,
              from: localDate(Date.parse(from), timeZone),
              to: localDate(Date.parse(to), timeZone),
            });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      <FilterBar testId="history-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('history.meterNo')}
          placeholder={t('history.meterNoPlaceholder')}
          w={200}
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          value={form.meterNo}
          error={errors.meterNo}
          onChange={(e) => {
            const meterNo = e.currentTarget.value;
            setForm((f) => ({ ...f, meterNo }));
          }}
        />
        <Stack gap={4}>
          <DateRangeFilter
            value={form.range}
            today={today}
            onChange={(range) => setForm((f) => ({ ...f, range }))}
          />
          {errors.range && (
            <Text size="xs" c="red">
              {errors.range}
            </Text>
          )}
        </Stack>
      </FilterBar>

      {!query.meterNo && (
        <EmptyState
          py="xl"
          data-testid="history-choose"
          icon={<Icon name="gauge" size={32} />}
          title={t('history.chooseTitle')}
          description={t('history.choose')}
        />
      )}

      {query.meterNo && failure && (
        <Alert
          color="red"
          variant="light"
          title={t('history.failedTitle', { meterNo: failure.query.meterNo })}
          data-testid="history-error"
        >
          {failure.message}
        </Alert>
      )}

      {query.meterNo && !shown && !failure && <Skeleton height={320} data-testid="history-loading" />}

      {query.meterNo && shown && range && (
        <Box pos="relative">
          <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} />
          <Stack gap="md">
            <MeterHeader history={shown.history} daily={daily} onRetried={refresh} />
            {shown.history.truncated && (
              <Alert color="yellow" variant="light" data-testid="history-truncated">
                {t('history.truncated', { count: shown.history.readings.length })}
              </Alert>
            )}
            {noReadings ? (
              <EmptyState
                py="xl"
                data-testid="history-no-readings"
                icon={<Icon name="chart" size={32} />}
                title={t('history.noReadingsTitle')}
                description={t('history.noReadingsText', {
                  meterNo: shown.history.meter.meterNo,
                  from: range.from,
                  to: range.to,
                })}
              />
            ) : (
              <HourlyVolumes history={shown.history} range={range} />
            )}
            {(!noReadings || canSeeCommands) && (
              // Without readings in the range, the commands are all there is to show.
              <Tabs value={noReadings ? 'commands' : tab} onChange={setTab} keepMounted={false}>
                <Tabs.List>
                  {!noReadings && (
                    <>
                      <Tabs.Tab value="daily">{t('history.tabs.daily')}</Tabs.Tab>
                      <Tabs.Tab value="readings">
                        {t('history.tabs.readings')}{' '}
                        <Text span size="xs" c="dimmed">
                          ({formatNumber(shown.history.readings.length, language)})
                        </Text>
                      </Tabs.Tab>
                      <Tabs.Tab value="frozen">{t('history.tabs.frozen')}</Tabs.Tab>
                    </>
                  )}
                  {canSeeCommands && <Tabs.Tab value="commands">{t('history.tabs.commands')}</Tabs.Tab>}
                </Tabs.List>
                <Tabs.Panel value="daily" pt="sm">
                  <DailyTable rows={daily} />
                </Tabs.Panel>
                <Tabs.Panel value="readings" pt="sm">
                  <ReadingsTable readings={shown.history.readings} timeZone={shown.history.timeZone} />
                </Tabs.Panel>
                <Tabs.Panel value="frozen" pt="sm">
                  <FrozenTable frozen={shown.history.frozen} timeZone={shown.history.timeZone} />
                </Tabs.Panel>
                {canSeeCommands && (
                  <Tabs.Panel value="commands" pt="sm">
                    {/* Another meter, or a command sent since, starts on the first page of the commands. */}
                    <CommandsTable
                      key={`${shown.history.meter.meterId}|${shown.history.valveCommand?.commandId ?? ''}`}
                      meterId={shown.history.meter.meterId}
                      timeZone={shown.history.timeZone}
                    />
                  </Tabs.Panel>
                )}
              </Tabs>
            )}
          </Stack>
        </Box>
      )}
    </Card>
  );
}
