import { iliQuerySchema } from '@hydrolog/schemas';
import {
  alpha,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnalysisQuery,
  type BurstFinding,
  type IliInput,
  type IliResult,
  infrastructureLeakageIndex,
  listBursts,
  type NightFigure,
} from '../api/cascade.ts';
import {
  Chart,
  type ChartOptions,
  shadeXRanges,
  themedAxis,
  useChartTheme,
  zonedDate,
} from '../components/Chart.tsx';
import { figureColumns, ListTable } from '../components/ListTable.tsx';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { iliBand } from '../lib/cascadeQuery.ts';
import { formatNumber } from '../lib/numberFormat.ts';
import { formatInZone } from '../lib/tenantTime.ts';

const dayX = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const HALF_DAY = 43_200;
const burstFeatures = tableFeatures({});
const burstColumn = createColumnHelper<typeof burstFeatures, BurstFinding>();
const iliFormSchema = iliQuerySchema.pick({
  mainsKm: true,
  connections: true,
  privatePipeKm: true,
  pressureM: true,
});

interface IliValues extends Record<string, unknown> {
  mainsKm: number | string;
  connections: number | string;
  privatePipeKm: number | string;
  pressureM: number | string;
}

/** The nightly MNF with each detected burst's night shaded and marked. */
function useBurstChart(nights: readonly NightFigure[], bursts: readonly BurstFinding[]) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  return useMemo(() => {
    const burstNights = new Map(bursts.map((b) => [b.date, b]));
    const options: ChartOptions = {
      scales: { x: { time: true } },
      tzDate: zonedDate('UTC'),
      series: [
        {},
        { label: t('cascade.mnf'), stroke: theme.color('violet'), width: 2 },
        {
          label: t('cascade.bursts.marker'),
          stroke: theme.color('red'),
          width: 0,
          paths: () => null,
          points: { show: true, size: 10, fill: theme.color('red') },
        },
      ],
      axes: [
        themedAxis(theme, {
          values: (_u, splits) => splits.map((s) => formatInZone(s * 1000, 'UTC', 'MM-DD')),
        }),
        themedAxis(theme, { size: 60 }),
      ],
      plugins: [
        shadeXRanges(
          () => bursts.map((b) => [dayX(b.date) - HALF_DAY, dayX(b.date) + HALF_DAY] as const),
          alpha(theme.color('red'), 0.15),
        ),
      ],
    };
    const data: [number[], (number | null)[], (number | null)[]] = [
      nights.map((n) => dayX(n.date)),
      nights.map((n) => n.mnf),
      nights.map((n) => burstNights.get(n.date)?.mnf ?? null),
    ];
    return { options, data };
  }, [nights, bursts, t, theme]);
}

/**
 * Leak detection on a metering point: the bursts found on its nightly MNF series (a step rise against the
 * recent minimum) with the chart marking them, and the Infrastructure Leakage Index of the period.
 */
export function CascadeDetection({
  analysis,
  nights,
}: {
  analysis: AnalysisQuery | null;
  nights: readonly NightFigure[] | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [bursts, setBursts] = useState<BurstFinding[] | null>(null);
  const [ili, setIli] = useState<IliResult | null>(null);
  const form = useSchemaForm<IliValues, IliInput>(iliFormSchema, {
    mainsKm: '',
    connections: '',
    privatePipeKm: 0,
    pressureM: '',
  });
  const key = analysis ? `${analysis.pointId}|${analysis.from}|${analysis.to}` : '';
  useEffect(() => {
    setIli(null);
    if (!key) return;
    const [pointId, from, to] = key.split('|') as [string, string, string];
    setBursts(null);
    listBursts({ pointId, from, to }).then(setBursts, () => setBursts([]));
  }, [key]);

  const chart = useBurstChart(nights ?? [], bursts ?? []);
  const table = useTable({
    features: burstFeatures,
    columns: burstColumn.columns([
      burstColumn.accessor('date', { header: () => t('cascade.bursts.start') }),
      burstColumn.accessor('rise', {
        header: () => t('cascade.bursts.rise'),
        cell: (c) => formatNumber(c.getValue(), language, 3),
      }),
      burstColumn.accessor('mnf', {
        header: () => t('cascade.bursts.mnf'),
        cell: (c) => formatNumber(c.getValue(), language, 3),
      }),
      burstColumn.accessor('baseline', {
        header: () => t('cascade.bursts.baseline'),
        cell: (c) => formatNumber(c.getValue(), language, 3),
      }),
    ]),
    data: useMemo(() => [...(bursts ?? [])].reverse(), [bursts]),
    getRowId: (row) => row.date,
  });

  async function compute() {
    if (!analysis) return;
    await form.submit(async (input) => setIli(await infrastructureLeakageIndex({ ...analysis, ...input })));
  }
  const band = iliBand(ili?.ili ?? null);
  const number = (key: keyof IliValues & string, label: string, props: { decimalScale?: number } = {}) => (
    <NumberInput
      label={label}
      min={0}
      value={form.values[key] as number | string}
      onChange={(v) => form.set(key, v)}
      error={form.errors[key]}
      {...props}
    />
  );

  return (
    <Stack>
      <Card withBorder padding="sm">
        <Text fw={500} mb="xs">
          {t('cascade.bursts.title', { from: analysis?.from ?? '', to: analysis?.to ?? '' })}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          {t('cascade.bursts.hint')}
        </Text>
        {nights && bursts ? (
          <Chart
            options={chart.options}
            data={chart.data}
            height={240}
            label={t('cascade.bursts.chartLabel')}
            testId="bursts-chart"
          />
        ) : (
          <Skeleton height={240} />
        )}
        <ListTable
          table={table}
          rows={bursts}
          loading={bursts === null && analysis !== null}
          empty={t('cascade.bursts.none')}
          testId="bursts-table"
          minWidth={520}
          cellStyle={figureColumns('rise', 'mnf', 'baseline')}
        />
      </Card>
      <Card withBorder padding="sm" data-testid="ili-panel">
        <Text fw={500} mb="xs">
          {t('cascade.ili.title')}
        </Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void compute();
          }}
        >
          <Group align="flex-end">
            <SimpleGrid cols={{ base: 2, md: 4 }} style={{ flex: 1 }}>
              {number('mainsKm', t('cascade.ili.mainsKm'), { decimalScale: 3 })}
              {number('connections', t('cascade.ili.connections'), { decimalScale: 0 })}
              {number('privatePipeKm', t('cascade.ili.privatePipeKm'), { decimalScale: 3 })}
              {number('pressureM', t('cascade.ili.pressureM'), { decimalScale: 1 })}
            </SimpleGrid>
            <Button type="submit" loading={form.busy} disabled={!analysis}>
              {t('cascade.ili.compute')}
            </Button>
          </Group>
        </form>
        {ili && (
          <SimpleGrid cols={{ base: 1, md: 3 }} mt="md" data-testid="ili-result">
            <Card withBorder padding="xs">
              <Text size="xs" c="dimmed">
                {t('cascade.ili.carl')}
              </Text>
              <Text fw={600} data-testid="ili-carl">
                {formatNumber(ili.carlLitresPerDay, language, 0)}
              </Text>
            </Card>
            <Card withBorder padding="xs">
              <Text size="xs" c="dimmed">
                {t('cascade.ili.uarl')}
              </Text>
              <Text fw={600} data-testid="ili-uarl">
                {formatNumber(ili.uarlLitresPerDay, language, 0)}
              </Text>
            </Card>
            <Card withBorder padding="xs">
              <Text size="xs" c="dimmed">
                {t('cascade.ili.index')}
              </Text>
              <Group gap="xs">
                <Text fw={600} data-testid="ili-value">
                  {formatNumber(ili.ili, language, 2) || '—'}
                </Text>
                {band && (
                  <Badge color={{ A: 'green', B: 'yellow', C: 'orange', D: 'red' }[band]} variant="light">
                    {t(`cascade.ili.bands.${band}`)}
                  </Badge>
                )}
              </Group>
            </Card>
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {ili ? t('cascade.ili.days', { count: ili.days }) : ''} {t('cascade.ili.explain')}
        </Text>
      </Card>
    </Stack>
  );
}
