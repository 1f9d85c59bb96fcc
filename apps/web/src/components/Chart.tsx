import 'uplot/dist/uPlot.min.css';
import { Box, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';

/** A uPlot chart's options without its size: the chart takes the width of its container. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;
export type ChartData = uPlot.AlignedData;

/** The colours a chart draws with, from the Mantine theme and colour scheme (canvas needs real colours). */
export interface ChartTheme {
  dark: boolean;
  /** axis values and labels */
  text: string;
  /** grid lines and ticks */
  grid: string;
  font: string;
  /** the theme colour */
  primary: string;
  /** a colour of the theme's palette (blue, teal, orange, …) at the scheme's shade */
  color(name: string): string;
  /** the fill of shaded x ranges (periods without data) */
  shade: string;
}

export function useChartTheme(): ChartTheme {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => {
    const dark = scheme === 'dark';
    const shadeOf = (shade: typeof theme.primaryShade) =>
      typeof shade === 'number' ? shade : dark ? shade.dark : shade.light;
    const color = (name: string) => theme.colors[name]?.[dark ? 4 : 6] ?? name;
    return {
      dark,
      text: dark ? theme.colors.dark[1] : theme.colors.gray[7],
      grid: dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(0, 0, 0, 0.08)',
      font: `12px ${theme.fontFamily}`,
      primary: theme.colors[theme.primaryColor]?.[shadeOf(theme.primaryShade)] ?? theme.primaryColor,
      color,
      shade: dark ? 'rgba(255, 255, 255, 0.07)' : 'rgba(0, 0, 0, 0.06)',
    };
  }, [theme, scheme]);
}

/** An axis in the theme's colours: values, label, ticks and grid lines. */
export function themedAxis(theme: ChartTheme, axis: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: theme.text,
    font: theme.font,
    labelFont: theme.font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
    ...axis,
  };
}

/** The width of a vertical axis from its longest value, so that large numbers are not cut off. */
export function fitAxisSize(font: string): uPlot.Axis.Size {
  return (self, values) => {
    // Measured in CSS pixels: the context is not scaled, and `font` is the CSS size.
    self.ctx.font = font;
    const longest = Math.max(0, ...(values ?? []).map((v) => self.ctx.measureText(v).width));
    return Math.ceil(longest) + 16;
  };
}

/** Shades ranges of the x scale behind the series (periods without data, a night window, …). */
export function shadeXRanges(
  ranges: () => readonly (readonly [number, number])[],
  fill: string,
): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        const { ctx, bbox } = u;
        ctx.save();
        ctx.fillStyle = fill;
        for (const [from, to] of ranges()) {
          const left = Math.max(bbox.left, u.valToPos(from, 'x', true));
          const right = Math.min(bbox.left + bbox.width, u.valToPos(to, 'x', true));
          if (right > left) ctx.fillRect(left, bbox.top, right - left, bbox.height);
        }
        ctx.restore();
      },
    },
  };
}

/** Dates on the wall clock of the zone for uPlot's time axes, so that ticks fall on the zone's hours and days. */
export const zonedDate =
  (timeZone: string) =>
  (seconds: number): Date =>
    uPlot.tzDate(new Date(seconds * 1000), timeZone);

/**
 * A uPlot chart that fills the width of its container and follows it when it resizes. New options (a new
 * object: memoise them) rebuild the chart; new data only redraws it. Destroyed on unmount.
 */
export function Chart({
  options,
  data,
  height = 300,
  label,
  testId,
}: {
  options: ChartOptions;
  data: ChartData;
  /** of the plot, without the legend */
  height?: number;
  /** what the chart shows, for screen readers (the table beside it has the figures) */
  label: string;
  testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<{ chart: uPlot; data: ChartData } | null>(null);
  const latest = useRef(data);
  latest.current = data;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = () => Math.max(Math.floor(element.getBoundingClientRect().width), 200);
    const chart = new uPlot({ ...options, width: width(), height }, latest.current, element);
    chart.root.style.fontFamily = 'inherit';
    plot.current = { chart, data: latest.current };
    // Hidden (a tab not shown) the container has no width: keep the last one until it has one again.
    const observer = new ResizeObserver(() => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0 && next !== chart.width) chart.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [options, height]);

  useEffect(() => {
    const current = plot.current;
    if (current && current.data !== data) {
      current.chart.setData(data);
      current.data = data;
    }
  }, [data]);

  return <Box ref={container} role="figure" aria-label={label} data-testid={testId} w="100%" mih={height} />;
}
