import type { DayValue } from '@hydrolog/schemas';
import { alpha } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { formatNumber } from '../lib/numberFormat.ts';
import { dateSeconds } from '../lib/readingSeries.ts';
import { formatInZone } from '../lib/tenantTime.ts';
import {
  Chart,
  type ChartData,
  type ChartOptions,
  fitAxisSize,
  themedAxis,
  useChartTheme,
} from './Chart.tsx';

/** Chart x values are the days' UTC midnights (dateSeconds): shown as UTC they are the dates. */
const dayOf = (seconds: number, pattern: 'YYYY-MM-DD' | 'MM-DD') =>
  formatInZone(seconds * 1000, 'UTC', pattern);

/** A value per day as bars (a day's volume, meters that reported, alarms), x labelled by date. */
export function DayChart({
  days,
  series,
  color,
  digits = 0,
  height = 220,
  label,
  testId,
}: {
  days: readonly DayValue[];
  /** the legend label of the bars (with the unit) */
  series: string;
  /** a colour of the theme's palette */
  color?: string;
  /** decimals of the values in the legend */
  digits?: number;
  height?: number;
  /** what the chart shows, for screen readers */
  label: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useChartTheme();
  const options = useMemo<ChartOptions>(() => {
    const stroke = color ? theme.color(color) : theme.primary;
    return {
      scales: {
        // Half a day either side, so that the first and last bars are whole.
        x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
        // Bars stand on zero.
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      series: [
        { label: t('dashboard.date'), value: (_u, v) => (v === null ? '—' : dayOf(v, 'YYYY-MM-DD')) },
        {
          label: series,
          stroke,
          fill: alpha(stroke, 0.55),
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
          points: { show: false },
          value: (_u, v) => (v === null ? '—' : formatNumber(v, language, 0, digits)),
        },
      ],
      axes: [
        themedAxis(theme, {
          // A tick on the days themselves (at most about ten of them), never between two days.
          splits: (u) => {
            const xs = (u.data[0] ?? []) as number[];
            const step = Math.ceil(xs.length / 10);
            return xs.filter((_, i) => (xs.length - 1 - i) % step === 0);
          },
          values: (_u, splits) => splits.map((s) => dayOf(s, 'MM-DD')),
        }),
        themedAxis(theme, {
          size: fitAxisSize(theme.font),
          values: (_u, splits) => splits.map((v) => formatNumber(v, language, 0, 2)),
        }),
      ],
    };
  }, [theme, color, series, digits, language, t]);
  const data = useMemo<ChartData>(
    () => [days.map((d) => dateSeconds(d.date)), days.map((d) => d.value)],
    [days],
  );
  return <Chart options={options} data={data} height={height} label={label} testId={testId} />;
}
