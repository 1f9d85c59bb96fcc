import {
  type PressureAnalysis as Analysis,
  PRESSURE_TREND_DAYS,
  type PressureAlarmView,
  type PressureMeterView,
  type PressureTrend,
} from '@hydrolog/schemas';
import {
  Badge,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
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
import { formatNumber } from '../../lib/numberFormat.ts';
import { dateSeconds } from '../../lib/readingSeries.ts';
import { formatInZone } from '../../lib/tenantTime.ts';
import { listPressureAlarms, pressureAnalysis, pressureTrend } from './api/pressureMeters.ts';

type Line = { label: string; color: string; dash?: number[] };

/** A pressure chart: its lines against the upper and lower limits drawn as dashed red lines. */
function pressureOptions(
  theme: ChartTheme,
  lines: Line[],
  limits: [upper: string, lower: string],
  /** The zone of the x axis: the tenant's for a day's hours, UTC for the trend's days (dates as UTC midnights). */
  timeZone: string,
): ChartOptions {
  const limit = (label: string): uPlot.Series => ({
    label,
    stroke: theme.color('red'),
    dash: [6, 4],
    width: 1,
    points: { show: false },
  });
  return {
    tzDate: zonedDate(timeZone),
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true } },
    series: [
      {},
      ...lines.map((line) => ({
        label: line.label,
        stroke: theme.color(line.color),
        width: 1.5,
        spanGaps: false,
        ...(line.dash ? { dash: line.dash } : {}),
      })),
      limit(limits[0]),
      limit(limits[1]),
    ],
    axes: [themedAxis(theme), themedAxis(theme, { label: 'MPa' })],
  };
}

/** Single-point analysis of a pressure meter (a day's curve against its limits) and its 7 or 30-day trend. */
export function PressureAnalysisDialog({
  pressureMeter,
  onClose,
}: {
  pressureMeter: PressureMeterView;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useChartTheme();
  // No day chosen yet: the service answers for the tenant's today, which the browser's own zone can't tell.
  const [day, setDay] = useState<string | null>(null);
  const [days, setDays] = useState<number>(PRESSURE_TREND_DAYS[0]);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [trend, setTrend] = useState<PressureTrend | null>(null);
  const [alarms, setAlarms] = useState<PressureAlarmView[] | null>(null);
  const { pressureMeterId } = pressureMeter;

  useEffect(() => {
    if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    pressureAnalysis(pressureMeterId, day ?? undefined).then(setAnalysis, () => undefined);
  }, [pressureMeterId, day]);
  useEffect(() => {
    listPressureAlarms({ pageNum: 1, pageSize: 10, pressureMeterId }).then(
      (answer) => setAlarms(answer.rows),
      () => undefined,
    );
  }, [pressureMeterId]);
  useEffect(() => {
    pressureTrend(pressureMeterId, days).then(setTrend, () => undefined);
  }, [pressureMeterId, days]);

  const timeZone = analysis?.timeZone;
  const dayOptions = useMemo(
    () =>
      timeZone
        ? pressureOptions(
            theme,
            [{ label: t('pressureMeters.pressure'), color: 'blue' }],
            [t('pressureMeters.upperLimit'), t('pressureMeters.lowerLimit')],
            timeZone,
          )
        : null,
    [theme, t, timeZone],
  );
  const trendOptions = useMemo(
    () =>
      pressureOptions(
        theme,
        [
          { label: t('pressureMeters.max'), color: 'orange' },
          { label: t('pressureMeters.mean'), color: 'blue' },
          { label: t('pressureMeters.min'), color: 'teal' },
        ],
        [t('pressureMeters.upperLimit'), t('pressureMeters.lowerLimit')],
        'UTC',
      ),
    [theme, t],
  );
  const number = (value: number | null | undefined) => formatNumber(value, i18n.language, 3) || '—';

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('pressureMeters.analysisOf', { name: pressureMeter.deviceNumber })}
    >
      <Stack data-testid="pressure-analysis">
        <Group justify="space-between" align="end">
          <Title order={5}>{t('pressureMeters.analysis')}</Title>
          <TextInput
            type="date"
            label={t('pressureMeters.day')}
            value={day ?? analysis?.day ?? ''}
            onChange={(event) => setDay(event.currentTarget.value)}
            data-testid="pressure-analysis-day"
          />
        </Group>
        {analysis && dayOptions && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="pressure-analysis-figures">
              <FigureCard
                label={t('pressureMeters.min')}
                value={number(analysis.min)}
                testId="pressure-min"
              />
              <FigureCard
                label={t('pressureMeters.max')}
                value={number(analysis.max)}
                testId="pressure-max"
              />
              <FigureCard
                label={t('pressureMeters.mean')}
                value={number(analysis.mean)}
                testId="pressure-mean"
              />
              <FigureCard
                label={t('pressureMeters.minutesOutOfRange')}
                value={formatNumber(analysis.minutesOutOfRange, i18n.language, 0)}
                testId="pressure-minutes-out"
              />
            </SimpleGrid>
            {analysis.points.length > 0 ? (
              <Chart
                options={dayOptions}
                data={[
                  analysis.points.map((p) => Date.parse(p.ts) / 1000),
                  analysis.points.map((p) => p.pressure),
                  analysis.points.map(() => analysis.upperLimit),
                  analysis.points.map(() => analysis.lowerLimit),
                ]}
                height={240}
                label={t('pressureMeters.analysis')}
                testId="pressure-analysis-chart"
              />
            ) : (
              <Text c="dimmed">{t('pressureMeters.noData')}</Text>
            )}
          </>
        )}
        <Group justify="space-between">
          <Title order={5}>{t('pressureMeters.trend')}</Title>
          <SegmentedControl
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            data={PRESSURE_TREND_DAYS.map((n) => ({
              value: String(n),
              label: t('pressureMeters.trendDays', { count: n }),
            }))}
          />
        </Group>
        {trend && (
          <Chart
            options={trendOptions}
            data={[
              trend.days.map((d) => dateSeconds(d.day)),
              trend.days.map((d) => d.max),
              trend.days.map((d) => d.mean),
              trend.days.map((d) => d.min),
              trend.days.map(() => trend.upperLimit),
              trend.days.map(() => trend.lowerLimit),
            ]}
            height={240}
            label={t('pressureMeters.trend')}
            testId="pressure-trend-chart"
          />
        )}
        <Title order={5}>{t('pressureMeters.alarms')}</Title>
        {alarms && alarms.length === 0 && <Text c="dimmed">{t('pressureMeters.noAlarms')}</Text>}
        {alarms && alarms.length > 0 && timeZone && (
          <Table data-testid="pressure-alarms" withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pressureMeters.alarmAt')}</Table.Th>
                <Table.Th>{t('pressureMeters.alarmKind')}</Table.Th>
                <Table.Th ta="right">{t('pressureMeters.alarmValue')}</Table.Th>
                <Table.Th ta="right">{t('pressureMeters.alarmLimit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {alarms.map((alarm) => (
                <Table.Tr key={alarm.alarmId}>
                  <Table.Td>{formatInZone(alarm.at, timeZone, 'YYYY-MM-DD HH:mm')}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={alarm.kind === 'abrupt' ? 'orange' : 'red'} tt="none">
                      {t(`pressureMeters.alarmKinds.${alarm.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{number(alarm.value)}</Table.Td>
                  <Table.Td ta="right">{number(alarm.limit)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
