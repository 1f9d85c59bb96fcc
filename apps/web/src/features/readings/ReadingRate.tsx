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
  Progress,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import {
  Chart,
  type ChartOptions,
  type ChartTheme,
  themedAxis,
  useChartTheme,
  zonedDate,
} from '../../components/Chart.tsx';
import { FigureCard } from '../../components/FigureCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { figureColumns, ListTable } from '../../components/ListTable.tsx';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { useRouteQuery } from '../../hooks/useRouteQuery.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { hasMeters, rateChartData } from '../../lib/readingSeries.ts';
import { formatInZone } from '../../lib/tenantTime.ts';
import { session } from '../../store/session.ts';
import {
  getReadingRate,
  READING_RATE_PERIODS,
  type ReadingRateDay,
  type ReadingRatePeriod,
} from './api/readings.ts';
import { parseReadingRateQuery, readingRateSearch } from './readingQuery.ts';

/** The route of this page (menu catalogue component 'report/readingRate/index'). */
export const READING_RATE_PATH = '/report/readingRate';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ReadingRateDay>();
const NO_DAYS: ReadingRateDay[] = [];
/** Chart x values are the days' UTC midnights (see rateChartData): shown as UTC they are the dates. */
const dayOf = (seconds: number, pattern: 'YYYY-MM-DD' | 'MM-DD') =>
  formatInZone(seconds * 1000, 'UTC', pattern);
/** Rates from here on are good; colour ranges end at 100% (DESIGN leakage definitions). */
const rateColor = (rate: number) => (rate >= 0.95 ? 'teal' : rate >= 0.8 ? 'yellow' : 'red');

function rateChartOptions(
  theme: ChartTheme,
  days: readonly ReadingRateDay[],
  t: TFunction,
  language: string,
): ChartOptions {
  // The legend of the day under the cursor: its rate and the meters behind it.
  const legendValue = (_u: uPlot, v: number | null, _s: number, idx: number | null) => {
    const day = idx === null ? undefined : days[idx];
    if (v === null || !day) return '—';
    return `${formatPercent(day.rate, language)} (${t('readingRate.counts', {
      count: day.installed,
      reported: formatNumber(day.reported, language),
      installed: formatNumber(day.installed, language),
    })})`;
  };
  return {
    scales: { x: { time: true }, pct: { range: [0, 100] } },
    tzDate: zonedDate('UTC'),
    cursor: { points: { size: 8 }, drag: { x: false, y: false } },
    series: [
      { label: t('readingRate.date'), value: (_u, v) => (v === null ? '—' : dayOf(v, 'YYYY-MM-DD')) },
      {
        label: t('readingRate.rate'),
        scale: 'pct',
        stroke: theme.primary,
        fill: alpha(theme.primary, 0.12),
        width: 2,
        points: { show: days.length <= 31, size: 5 },
        value: legendValue,
      },
      {
        label: t('readingRate.today'),
        scale: 'pct',
        stroke: theme.primary,
        width: 2,
        dash: [6, 4],
        points: { show: true, size: 5 },
        value: legendValue,
      },
    ],
    axes: [
      themedAxis(theme, { values: (_u, splits) => splits.map((s) => dayOf(s, 'MM-DD')) }),
      themedAxis(theme, {
        scale: 'pct',
        size: 52,
        splits: () => [0, 20, 40, 60, 80, 100],
        values: (_u, splits) => splits.map((v) => `${v}%`),
      }),
    ],
  };
}

/**
 * Reports / Reading rate: the share of installed meters that sent at least one reading, per local day of
 * the tenant, over the last 30 or 180 days (spec sections 2 and 9).
 */
export function ReadingRate() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = session.use().info?.tenant.settings.timeZone ?? 'UTC';
  const [query, setQuery] = useRouteQuery(READING_RATE_PATH, parseReadingRateQuery, readingRateSearch);
  const {
    data: answer,
    loading,
    failed,
    load,
  } = useLatestLoad(useCallback(() => getReadingRate(query.days), [query.days]));

  const days = answer?.days ?? NO_DAYS;
  const newestFirst = useMemo(() => [...days].reverse(), [days]);
  const today = days.at(-1);
  const theme = useChartTheme();
  const options = useMemo(() => rateChartOptions(theme, days, t, language), [theme, days, t, language]);
  const data = useMemo(() => rateChartData(days), [days]);
  const empty = answer !== null && !hasMeters(days);

  const columns = column.columns([
    column.accessor('date', {
      header: () => t('readingRate.date'),
      cell: (c) => (
        <Group gap={6} wrap="nowrap">
          <span>{c.getValue()}</span>
          {c.getValue() === today?.date && (
            <Badge size="xs" variant="light" color="gray">
              {t('readingRate.soFar')}
            </Badge>
          )}
        </Group>
      ),
    }),
    column.accessor('reported', {
      header: () => t('readingRate.reported'),
      cell: (c) => formatNumber(c.getValue(), language),
    }),
    column.accessor('installed', {
      header: () => t('readingRate.installed'),
      cell: (c) => formatNumber(c.getValue(), language),
    }),
    column.accessor('rate', {
      header: () => t('readingRate.rate'),
      cell: (c) => {
        const day = c.row.original;
        // Before any meter was installed there is no rate.
        if (day.rate === null) return '—';
        const rate = day.rate;
        return (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" w={56} ta="right" data-testid="rate">
              {formatPercent(rate, language)}
            </Text>
            <Progress
              w={120}
              value={rate * 100}
              color={day.date === today?.date ? 'gray' : rateColor(rate)}
              aria-hidden
            />
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({ features, columns, data: newestFirst, getRowId: (row) => row.date });

  return (
    <Card withBorder data-testid="reading-rate-page">
      <Group justify="space-between" mb="md">
        <Stack gap={0}>
          <Title order={4}>{t('readingRate.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('readingRate.intro', { timeZone })}
          </Text>
        </Stack>
        <SegmentedControl
          aria-label={t('readingRate.period')}
          data-testid="reading-rate-period"
          data={READING_RATE_PERIODS.map((p) => ({
            value: String(p),
            label: t('readingRate.lastDays', { count: p }),
          }))}
          value={String(query.days)}
          onChange={(value) => setQuery({ days: Number(value) as ReadingRatePeriod })}
        />
      </Group>
      {failed && (
        <Alert color="red" mb="md" title={t('readingRate.loadFailed')}>
          <Button size="xs" variant="light" onClick={load}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {empty ? (
        <EmptyState
          py="xl"
          data-testid="reading-rate-empty"
          icon={<Icon name="gauge" size={32} />}
          title={t('readingRate.emptyTitle')}
          description={t('readingRate.empty')}
        />
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={loading && answer !== null} overlayProps={{ blur: 1 }} />
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="md" data-testid="reading-rate-figures">
            {answer && today ? (
              <>
                <FigureCard
                  testId="figure-average"
                  label={t('readingRate.average')}
                  value={formatPercent(answer.average, language)}
                  hint={t('readingRate.averageHint', { count: days.length - 1 })}
                />
                <FigureCard
                  testId="figure-today"
                  label={t('readingRate.today')}
                  value={formatPercent(today.rate, language)}
                  hint={t('readingRate.todayHint', { date: today.date })}
                />
                <FigureCard
                  testId="figure-installed"
                  label={t('readingRate.installedNow')}
                  value={formatNumber(today.installed, language)}
                  hint={t('readingRate.installedHint')}
                />
                <FigureCard
                  testId="figure-reported"
                  label={t('readingRate.reportedToday')}
                  value={formatNumber(today.reported, language)}
                  hint={t('readingRate.reportedHint', {
                    count: Math.max(0, today.installed - today.reported),
                  })}
                />
              </>
            ) : (
              [0, 1, 2, 3].map((i) => <Skeleton key={i} height={96} />)
            )}
          </SimpleGrid>
          <Card withBorder padding="sm" mb="md">
            <Text fw={500} mb="xs">
              {t('readingRate.chartTitle')}
            </Text>
            {answer ? (
              <Chart
                options={options}
                data={data}
                height={280}
                label={t('readingRate.chartLabel', { count: days.length })}
                testId="reading-rate-chart"
              />
            ) : (
              <Skeleton height={280} />
            )}
          </Card>
          <ScrollArea.Autosize mah={520} type="auto">
            <ListTable
              table={table}
              rows={answer ? newestFirst : null}
              loading={false}
              empty={t('readingRate.noDays')}
              testId="reading-rate-table"
              minWidth={560}
              cellStyle={figureColumns('reported', 'installed')}
              rowProps={(row) => ({ 'data-date': row.date })}
            />
          </ScrollArea.Autosize>
        </Box>
      )}
    </Card>
  );
}
