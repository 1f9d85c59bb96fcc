import type {
  CascadeAlarmView,
  DailyFigure,
  PartitionDetail,
  PartitionView,
  UnknownReason,
} from '@hydrolog/schemas';
import {
  alpha,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Chart,
  type ChartOptions,
  shadeXRanges,
  themedAxis,
  useChartTheme,
  zonedDate,
} from '../../components/Chart.tsx';
import { FigureValue, whyNull } from '../../components/FigureValue.tsx';
import { figureColumns, ListTable } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useRouteQuery } from '../../hooks/useRouteQuery.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { addDays, formatInZone, nightWindowRanges, todayIn } from '../../lib/tenantTime.ts';
import { session } from '../../store/session.ts';
import {
  type AnalysisQuery,
  dailyFigures,
  exportFigures,
  getPartition,
  gisOverview,
  type HourlyFlow,
  hourlyFlow,
  listPartitions,
  type NightFigure,
  nightFigures,
  type PeriodBalance,
  periodBalance,
} from './api/cascade.ts';
import { CascadeAlarms } from './CascadeAlarms.tsx';
import { CascadeDetection } from './CascadeDetection.tsx';
import { CascadeRanking } from './CascadeRanking.tsx';
import {
  ANALYSIS_PRESETS,
  type AnalysisPageQuery,
  analysisSearch,
  CASCADE_ANALYSIS_PATH,
  parseAnalysisQuery,
  rateColor,
} from './cascadeQuery.ts';
import { NoSummaryMeterNote } from './NoSummaryMeterNote.tsx';
import { type PartitionFigures, remembered, useViewedPartition, useViewer } from './partitionChoice.ts';

const m3 = (v: number | null | undefined, language: string) => formatNumber(v, language, 3);
const dayX = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

const dailyFeatures = tableFeatures({});
const dailyColumn = createColumnHelper<typeof dailyFeatures, DailyFigure>();

function Figure({
  label,
  value,
  unknown,
  testId,
}: {
  label: string;
  value: string;
  unknown: UnknownReason | null;
  testId: string;
}) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={600}>
        <FigureValue text={value} unknown={unknown} />
      </Text>
    </Card>
  );
}

/** Supply and sales per day (m3) with the leakage rate on its own axis (%). */
function useDailyChart(days: readonly DailyFigure[]) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  return useMemo(() => {
    const options: ChartOptions = {
      scales: { x: { time: true }, pct: { range: [0, 100] } },
      tzDate: zonedDate('UTC'),
      series: [
        {},
        { label: t('cascade.supply'), stroke: theme.color('blue'), width: 2 },
        { label: t('cascade.sales'), stroke: theme.color('teal'), width: 2 },
        { label: t('cascade.leakageRate'), scale: 'pct', stroke: theme.color('red'), dash: [6, 4], width: 2 },
      ],
      axes: [
        themedAxis(theme, {
          values: (_u, splits) => splits.map((s) => formatInZone(s * 1000, 'UTC', 'MM-DD')),
        }),
        themedAxis(theme, { size: 60 }),
        themedAxis(theme, { scale: 'pct', side: 1, values: (_u, splits) => splits.map((v) => `${v}%`) }),
      ],
    };
    const data: [number[], (number | null)[], (number | null)[], (number | null)[]] = [
      days.map((d) => dayX(d.date)),
      days.map((d) => d.supply),
      days.map((d) => d.sales),
      days.map((d) => (d.leakageRate === null ? null : d.leakageRate * 100)),
    ];
    return { options, data };
  }, [days, t, theme]);
}

/** MNF and ADF per night (m3/h). */
function useNightChart(nights: readonly NightFigure[]) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  return useMemo(() => {
    const options: ChartOptions = {
      scales: { x: { time: true } },
      tzDate: zonedDate('UTC'),
      series: [
        {},
        { label: t('cascade.mnf'), stroke: theme.color('violet'), width: 2 },
        { label: t('cascade.adf'), stroke: theme.color('blue'), width: 2, dash: [6, 4] },
      ],
      axes: [
        themedAxis(theme, {
          values: (_u, splits) => splits.map((s) => formatInZone(s * 1000, 'UTC', 'MM-DD')),
        }),
        themedAxis(theme, { size: 60 }),
      ],
    };
    const data: [number[], (number | null)[], (number | null)[]] = [
      nights.map((n) => dayX(n.date)),
      nights.map((n) => n.mnf),
      nights.map((n) => n.adf),
    ];
    return { options, data };
  }, [nights, t, theme]);
}

/**
 * The summary meter's hourly flow of one day, the legal night window 02:00-04:00 shaded: the hours that
 * count for MNF, one or three of them on a night the clocks change. Unknown hours are gaps; hours
 * interpolated over a gap (known, but not between readings at most the report interval apart) are shaded
 * grey: they do not count for MNF.
 */
function useHourlyChart(hours: readonly HourlyFlow[], date: string, timeZone: string) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  return useMemo(() => {
    const windows = nightWindowRanges(date, date, timeZone).map((w): [number, number] => [
      w.start / 1000,
      w.end / 1000,
    ]);
    const interpolated = hours
      .filter((h) => h.known && !h.regular)
      .map((h): [number, number] => [Date.parse(h.start) / 1000, Date.parse(h.end) / 1000]);
    const options: ChartOptions = {
      scales: { x: { time: true } },
      tzDate: zonedDate(timeZone),
      series: [{}, { label: t('cascade.flow'), stroke: theme.primary, width: 2 }],
      axes: [
        themedAxis(theme, {
          values: (_u, splits) => splits.map((s) => formatInZone(s * 1000, timeZone, 'HH:mm')),
        }),
        themedAxis(theme, { size: 60 }),
      ],
      plugins: [
        shadeXRanges(() => windows, alpha(theme.color('yellow'), 0.25)),
        shadeXRanges(() => interpolated, alpha(theme.color('gray'), 0.35)),
      ],
    };
    const data: [number[], (number | null)[]] = [
      hours.map((h) => Date.parse(h.start) / 1000),
      hours.map((h) => h.flow),
    ];
    return { options, data, interpolated: interpolated.length > 0 };
  }, [hours, date, timeZone, t, theme]);
}

/**
 * Cascade partitions / Leakage analysis: per partition (its root point) or per metering point, the daily
 * water balance, production versus sales over the period, night flow (MNF, ADF, KL, the hourly flow with
 * the 02:00-04:00 window), the statistics tab (30-day ranking of leakage rates, alarms), and leak detection
 * (new and growing leaks on the nightly MNF against its baseline, the Infrastructure Leakage Index).
 */
export function CascadeAnalysis() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = session.use().info?.tenant.settings.timeZone ?? 'UTC';
  const [query, setQuery] = useRouteQuery(CASCADE_ANALYSIS_PATH, parseAnalysisQuery, analysisSearch);
  const set = (change: Partial<AnalysisPageQuery>) => setQuery({ ...query, ...change });

  const [partitions, setPartitions] = useState<PartitionView[] | null>(null);
  const [partition, setPartition] = useState<PartitionDetail | null>(null);
  const yesterday = addDays(todayIn(timeZone), -1);
  const to = query.to || yesterday;
  const from = query.from || addDays(to, -29);
  const [figures, setFigures] = useState<PartitionFigures[] | null>(null);
  const partitionId =
    useViewedPartition(query.partitionId || null, figures) ??
    (figures?.length === 0 ? partitions?.[0]?.partitionId : undefined) ??
    '';
  const pointId = query.mode === 'point' && query.pointId ? query.pointId : (partition?.rootPointId ?? '');

  useEffect(() => {
    listPartitions({ pageNum: 1, pageSize: 50 }).then(
      (r) => setPartitions(r.rows),
      () => setPartitions([]),
    );
  }, []);
  const viewer = useViewer();
  useEffect(() => {
    if (!partitions || !viewer || figures) return;
    const last = remembered(viewer, 'partition');
    if (query.partitionId || partitions.some((p) => p.partitionId === last)) {
      // Named by the URL or this user's last view: no figures needed to choose.
      setFigures(partitions.map(({ partitionId }) => ({ partitionId, supply: null, unknown: null })));
      return;
    }
    // Each partition's figures, to open on the one with the most data (none: the first listed); asked
    // quietly, as an analyst may not be allowed the map they come from.
    gisOverview({ quiet: true }).then(
      (o) => setFigures(o.partitionFigures),
      () => setFigures([]),
    );
  }, [partitions, viewer, figures, query.partitionId]);
  useEffect(() => {
    if (!partitionId) return;
    getPartition(partitionId).then(setPartition, () => setPartition(null));
  }, [partitionId]);

  const [days, setDays] = useState<DailyFigure[] | null>(null);
  const [nights, setNights] = useState<NightFigure[] | null>(null);
  const [balance, setBalance] = useState<PeriodBalance | null>(null);
  const [night, setNight] = useState('');
  const [hours, setHours] = useState<HourlyFlow[]>([]);
  const analysis: AnalysisQuery | null = pointId ? { pointId, from, to } : null;
  const key = analysis ? `${analysis.pointId}|${from}|${to}` : '';
  useEffect(() => {
    if (!key) return;
    const [id, f, tt] = key.split('|') as [string, string, string];
    const q = { pointId: id, from: f, to: tt };
    setDays(null);
    setNights(null);
    Promise.all([dailyFigures(q), nightFigures(q), periodBalance(q)]).then(
      ([d, n, b]) => {
        setDays(d);
        setNights(n);
        setBalance(b);
        setNight(tt);
      },
      () => {
        setDays([]);
        setNights([]);
      },
    );
  }, [key]);
  useEffect(() => {
    if (!pointId || !night) return;
    hourlyFlow(pointId, night).then(setHours, () => setHours([]));
  }, [pointId, night]);

  /** A leak alarm on its point's night-flow chart: four weeks before its start to two after its repair. */
  function showLeak(alarm: CascadeAlarmView) {
    const end = addDays(alarm.repairedDay ?? alarm.day, 14);
    set({
      tab: 'detection',
      mode: 'point',
      partitionId: alarm.partitionId,
      pointId: alarm.pointId,
      from: addDays(alarm.day, -28),
      to: end < yesterday ? end : yesterday,
    });
  }

  const dailyChart = useDailyChart(days ?? []);
  const nightChart = useNightChart(nights ?? []);
  const hourlyChart = useHourlyChart(hours, night || to, timeZone);

  // Supply and leakage are unknown for the day's own reason; sales only without sub-meters.
  const volumeCell = (c: { getValue: () => number | null; row: { original: DailyFigure } }) => (
    <FigureValue text={m3(c.getValue(), language)} unknown={whyNull(c.getValue(), c.row.original.unknown)} />
  );
  const nightByDate = useMemo(() => new Map((nights ?? []).map((n) => [n.date, n])), [nights]);
  const dailyTable = useTable({
    features: dailyFeatures,
    columns: dailyColumn.columns([
      dailyColumn.accessor('date', { header: () => t('cascade.date') }),
      dailyColumn.accessor('supply', {
        header: () => t('cascade.supply'),
        cell: volumeCell,
      }),
      dailyColumn.accessor('sales', {
        header: () => t('cascade.sales'),
        cell: (c) => (
          <FigureValue text={m3(c.getValue(), language)} unknown={whyNull(c.getValue(), 'noSubMeters')} />
        ),
      }),
      dailyColumn.accessor('leakage', {
        header: () => t('cascade.leakage'),
        cell: volumeCell,
      }),
      dailyColumn.accessor('leakageRate', {
        header: () => t('cascade.leakageRate'),
        cell: (c) => (
          <Text c={rateColor(c.getValue())} fz="inherit">
            <FigureValue
              text={formatPercent(c.getValue(), language)}
              unknown={c.row.original.leakage === null ? c.row.original.unknown : null}
            />
          </Text>
        ),
      }),
      dailyColumn.accessor('coverage', {
        header: () => t('cascade.coverage'),
        cell: (c) => formatPercent(c.getValue(), language),
      }),
      dailyColumn.display({
        id: 'mnf',
        header: () => t('cascade.mnf'),
        cell: (c) => {
          const night = nightByDate.get(c.row.original.date);
          return (
            <FigureValue text={formatNumber(night?.mnf, language, 3)} unknown={night?.mnfUnknown ?? null} />
          );
        },
      }),
      dailyColumn.display({
        id: 'kl',
        header: () => t('cascade.kl'),
        cell: (c) => {
          const night = nightByDate.get(c.row.original.date);
          const why = night ? (night.mnfUnknown ?? night.adfUnknown) : null;
          return <FigureValue text={formatNumber(night?.kl, language, 3)} unknown={why} />;
        },
      }),
    ]),
    data: useMemo(() => [...(days ?? [])].reverse(), [days]),
    getRowId: (row) => row.date,
  });
  const pointOptions = (partition?.points ?? []).map((p) => ({
    value: p.pointId,
    label: `${'· '.repeat(p.level - 1)}${p.name}`,
  }));
  const exportAs = (kind: 'daily' | 'night', format: 'csv' | 'xlsx') =>
    analysis ? void exportFigures(kind, analysis, format) : undefined;

  return (
    <Card withBorder data-testid="cascade-analysis-page">
      <Group justify="space-between" mb="md" align="flex-end">
        <Title order={4}>{t('cascade.analysisTitle')}</Title>
        <Group align="flex-end">
          <SegmentedControl
            aria-label={t('cascade.mode')}
            data-testid="analysis-mode"
            data={[
              { value: 'partition', label: t('cascade.partitionMode') },
              { value: 'point', label: t('cascade.pointMode') },
            ]}
            value={query.mode}
            onChange={(v) => set({ mode: v === 'point' ? 'point' : 'partition' })}
          />
          <Select
            label={t('cascade.partition')}
            data-testid="analysis-partition"
            w={200}
            data={(partitions ?? []).map((p) => ({ value: p.partitionId, label: p.name }))}
            value={partitionId || null}
            onChange={(v) => set({ partitionId: v ?? '', pointId: '' })}
          />
          {query.mode === 'point' && (
            <Select
              label={t('cascade.point')}
              data-testid="analysis-point"
              w={200}
              data={pointOptions}
              value={query.pointId || partition?.rootPointId || null}
              onChange={(v) => set({ pointId: v ?? '' })}
            />
          )}
          <SegmentedControl
            aria-label={t('cascade.period')}
            data={ANALYSIS_PRESETS.map((n) => ({
              value: String(n),
              label: t('cascade.lastDays', { count: n }),
            }))}
            value={String(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1)}
            onChange={(v) => set({ to: '', from: addDays(yesterday, -(Number(v) - 1)) })}
          />
        </Group>
      </Group>
      <NoSummaryMeterNote partition={partition?.partitionId === partitionId ? partition : null} />
      {partitions !== null && partitions.length === 0 ? (
        <Text c="dimmed" data-testid="analysis-empty">
          {t('cascade.empty')}
        </Text>
      ) : (
        <Tabs
          value={query.tab}
          onChange={(v) => set({ tab: v === 'statistics' || v === 'detection' ? v : 'analysis' })}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="analysis">{t('cascade.tabAnalysis')}</Tabs.Tab>
            <Tabs.Tab value="statistics">{t('cascade.tabStatistics')}</Tabs.Tab>
            <Tabs.Tab value="detection">{t('cascade.tabDetection')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="analysis">
            <Stack>
              <Text fw={500}>{t('cascade.balanceTitle', { from, to })}</Text>
              <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="analysis-balance">
                <Figure
                  testId="balance-supply"
                  label={t('cascade.supply')}
                  value={m3(balance?.supply, language)}
                  unknown={balance ? whyNull(balance.supply, balance.unknown) : null}
                />
                <Figure
                  testId="balance-sales"
                  label={t('cascade.sales')}
                  value={m3(balance?.sales, language)}
                  unknown={balance ? whyNull(balance.sales, 'noSubMeters') : null}
                />
                <Figure
                  testId="balance-leakage"
                  label={t('cascade.leakage')}
                  value={m3(balance?.leakage, language)}
                  unknown={balance ? whyNull(balance.leakage, balance.unknown) : null}
                />
                <Figure
                  testId="balance-rate"
                  label={t('cascade.leakageRate')}
                  value={formatPercent(balance?.leakageRate, language)}
                  unknown={balance ? whyNull(balance.leakage, balance.unknown) : null}
                />
              </SimpleGrid>
              <Card withBorder padding="sm">
                <Group justify="space-between" mb="xs">
                  <Text fw={500}>{t('cascade.dailyTitle')}</Text>
                  <HasPermi value={['cascade:analysis:export']}>
                    <Menu>
                      <Menu.Target>
                        <Button size="xs" variant="light">
                          {t('actions.export')}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => exportAs('daily', 'xlsx')}>
                          {t('cascade.exportDaily', { format: 'xlsx' })}
                        </Menu.Item>
                        <Menu.Item onClick={() => exportAs('daily', 'csv')}>
                          {t('cascade.exportDaily', { format: 'CSV' })}
                        </Menu.Item>
                        <Menu.Item onClick={() => exportAs('night', 'xlsx')}>
                          {t('cascade.exportNight', { format: 'xlsx' })}
                        </Menu.Item>
                        <Menu.Item onClick={() => exportAs('night', 'csv')}>
                          {t('cascade.exportNight', { format: 'CSV' })}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </HasPermi>
                </Group>
                {days ? (
                  <Chart
                    options={dailyChart.options}
                    data={dailyChart.data}
                    height={260}
                    label={t('cascade.dailyChartLabel')}
                    testId="analysis-daily-chart"
                  />
                ) : (
                  <Skeleton height={260} />
                )}
              </Card>
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <Card withBorder padding="sm">
                  <Text fw={500} mb="xs">
                    {t('cascade.nightTitle')}
                  </Text>
                  {nights ? (
                    <Chart
                      options={nightChart.options}
                      data={nightChart.data}
                      height={240}
                      label={t('cascade.nightChartLabel')}
                      testId="analysis-night-chart"
                    />
                  ) : (
                    <Skeleton height={240} />
                  )}
                  <Text size="xs" c="dimmed" mt="xs" data-testid="analysis-kl">
                    {t('cascade.klLatest', {
                      kl: formatNumber(nights?.filter((n) => n.kl !== null).at(-1)?.kl, language, 3) || '—',
                    })}
                  </Text>
                </Card>
                <Card withBorder padding="sm">
                  <Group justify="space-between" mb="xs">
                    <Text fw={500}>{t('cascade.hourlyTitle')}</Text>
                    <Select
                      size="xs"
                      w={140}
                      aria-label={t('cascade.night')}
                      data={(nights ?? []).map((n) => n.date).reverse()}
                      value={night || null}
                      onChange={(v) => v && setNight(v)}
                    />
                  </Group>
                  <Chart
                    options={hourlyChart.options}
                    data={hourlyChart.data}
                    height={240}
                    label={t('cascade.hourlyChartLabel')}
                    testId="analysis-hourly-chart"
                  />
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('cascade.nightWindow')}
                  </Text>
                  {hourlyChart.interpolated && (
                    <Text size="xs" c="dimmed" data-testid="analysis-hourly-interpolated">
                      {t('cascade.notCounted')}
                    </Text>
                  )}
                </Card>
              </SimpleGrid>
              <ListTable
                table={dailyTable}
                rows={days}
                loading={days === null && analysis !== null}
                empty={t('cascade.noDays')}
                testId="analysis-daily-table"
                minWidth={960}
                cellStyle={figureColumns(
                  'supply',
                  'sales',
                  'leakage',
                  'leakageRate',
                  'coverage',
                  'mnf',
                  'kl',
                )}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="detection">
            {query.tab === 'detection' && <CascadeDetection analysis={analysis} />}
          </Tabs.Panel>
          <Tabs.Panel value="statistics">
            {/* The alarms below the ranking: their filters and pages need the width. */}
            <Stack>
              {query.tab === 'statistics' && <CascadeRanking />}
              {query.tab === 'statistics' && (
                // Another partition's alarms are another list.
                <CascadeAlarms
                  key={partitionId}
                  partitionId={partitionId}
                  today={todayIn(timeZone)}
                  onShowLeak={showLeak}
                />
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Card>
  );
}
