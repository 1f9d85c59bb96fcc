import { CASCADE_HOLIDAYS_MAX, iliQuerySchema } from '@hydrolog/schemas';
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
  TagsInput,
  Text,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Chart,
  type ChartOptions,
  shadeXRanges,
  themedAxis,
  useChartTheme,
  zonedDate,
} from '../../components/Chart.tsx';
import { figureColumns, ListTable } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { addDays, formatInZone } from '../../lib/tenantTime.ts';
import {
  type AnalysisQuery,
  getHolidays,
  type IliInput,
  type IliResult,
  infrastructureLeakageIndex,
  type LeakAnalysis,
  leakAnalysis,
  setHolidays,
} from './api/cascade.ts';
import { iliBand } from './cascadeQuery.ts';

type Leak = LeakAnalysis['leaks'][number];

const dayX = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const HALF_DAY = 43_200;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const leakFeatures = tableFeatures({});
const leakColumn = createColumnHelper<typeof leakFeatures, Leak>();
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

/**
 * The nightly MNF against its baseline band (baseline to baseline + margin: what a night may be without a
 * leak), each leak shaded from its start to its repair (or the end of the period), the night it was
 * detected marked red and the night it was repaired green.
 */
function useLeakChart(analysis: LeakAnalysis | null, to: string) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  return useMemo(() => {
    const nights = analysis?.nights ?? [];
    const leaks = analysis?.leaks ?? [];
    const detected = new Set(leaks.map((l) => l.detected));
    const repaired = new Set(leaks.flatMap((l) => (l.repaired ? [l.repaired] : [])));
    const marker = (color: string) => ({
      stroke: theme.color(color),
      width: 0,
      paths: () => null,
      points: { show: true, size: 10, fill: theme.color(color) },
    });
    const options: ChartOptions = {
      scales: { x: { time: true } },
      tzDate: zonedDate('UTC'),
      series: [
        {},
        { label: t('cascade.leaks.baseline'), stroke: theme.color('gray'), width: 1, dash: [4, 4] },
        { label: t('cascade.leaks.bandTop'), stroke: alpha(theme.color('gray'), 0.5), width: 1 },
        { label: t('cascade.mnf'), stroke: theme.color('violet'), width: 2 },
        { label: t('cascade.leaks.detected'), ...marker('red') },
        { label: t('cascade.leaks.repaired'), ...marker('green') },
      ],
      bands: [{ series: [2, 1], fill: alpha(theme.color('gray'), 0.12) }],
      axes: [
        themedAxis(theme, {
          values: (_u, splits) => splits.map((s) => formatInZone(s * 1000, 'UTC', 'MM-DD')),
        }),
        themedAxis(theme, { size: 60 }),
      ],
      plugins: [
        shadeXRanges(
          () =>
            leaks.map(
              (l) => [dayX(l.start) - HALF_DAY, dayX(l.repaired ?? addDays(to, 1)) - HALF_DAY] as const,
            ),
          alpha(theme.color('red'), 0.12),
        ),
      ],
    };
    const data: [number[], ...(number | null)[][]] = [
      nights.map((n) => dayX(n.date)),
      nights.map((n) => n.baseline),
      nights.map((n) => (n.baseline === null || n.margin === null ? null : n.baseline + n.margin)),
      nights.map((n) => n.mnf),
      nights.map((n) => (detected.has(n.date) ? n.mnf : null)),
      nights.map((n) => (repaired.has(n.date) ? n.mnf : null)),
    ];
    return { options, data };
  }, [analysis, to, t, theme]);
}

/** The tenant's holidays, which leak detection neither judges nor learns from; set as a whole list. */
/** One figure of the leakage index result: its label above the value. */
function IliFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Card>
  );
}

function HolidayCard({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string[] | null>(null);
  const [holidays, setValue] = useState<string[]>([]);
  useEffect(() => {
    getHolidays().then(
      (list) => {
        setSaved(list);
        setValue(list);
      },
      () => setSaved([]),
    );
  }, []);
  const invalid = holidays.filter((d) => !DATE.test(d) || Number.isNaN(Date.parse(d)));
  const normalised = [...new Set(holidays)].sort();
  const changed = saved !== null && normalised.join() !== saved.join();

  async function save() {
    const done = await confirmAndRun(
      {
        title: t('cascade.leaks.holidaysTitle'),
        message: t('cascade.leaks.holidaysConfirm', { count: normalised.length }),
        confirm: t('common.save'),
      },
      () => setHolidays(normalised),
      t('cascade.leaks.holidaysSaved'),
    );
    if (!done) return;
    setSaved(normalised);
    setValue(normalised);
    onSaved();
  }

  return (
    <Card withBorder padding="sm" data-testid="holidays-card">
      <Text fw={500} mb="xs">
        {t('cascade.leaks.holidaysTitle')}
      </Text>
      {saved === null ? (
        <Skeleton height={36} />
      ) : (
        <Group align="flex-end">
          <TagsInput
            style={{ flex: 1 }}
            label={t('cascade.leaks.holidays')}
            description={t('cascade.leaks.holidaysHint')}
            placeholder="YYYY-MM-DD"
            value={holidays}
            onChange={setValue}
            maxTags={CASCADE_HOLIDAYS_MAX}
            clearable
            error={
              invalid.length > 0
                ? t('cascade.leaks.holidaysInvalid', { dates: invalid.join(', ') })
                : undefined
            }
          />
          <HasPermi value={['cascade:analysis:process']}>
            <Button onClick={() => void save()} disabled={!changed || invalid.length > 0}>
              {t('common.save')}
            </Button>
          </HasPermi>
        </Group>
      )}
    </Card>
  );
}

/**
 * Leak detection on a metering point: its nightly MNF against the baseline band, the new and growing leaks
 * of the period with their start, size and the volume lost since, the tenant's holidays, and the
 * Infrastructure Leakage Index of the period.
 */
export function CascadeDetection({ analysis }: { analysis: AnalysisQuery | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [leaks, setLeaks] = useState<LeakAnalysis | null>(null);
  const [reload, setReload] = useState(0);
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
    setLeaks(null);
    leakAnalysis({ pointId, from, to }).then(setLeaks, () => setLeaks({ nights: [], leaks: [] }));
  }, [key, reload]);

  const chart = useLeakChart(leaks, analysis?.to ?? '');
  const number3 = (v: number) => formatNumber(v, language, 3);
  const table = useTable({
    features: leakFeatures,
    columns: leakColumn.columns([
      leakColumn.accessor('kind', {
        header: () => t('cascade.leaks.kind'),
        cell: (c) => (
          <Badge variant="light" color={c.getValue() === 'abrupt' ? 'red' : 'orange'}>
            {t(`cascade.leaks.kinds.${c.getValue()}`)}
          </Badge>
        ),
      }),
      leakColumn.accessor('start', { header: () => t('cascade.leaks.start') }),
      leakColumn.accessor('detected', { header: () => t('cascade.leaks.detected') }),
      leakColumn.accessor('sizeM3h', {
        header: () => t('cascade.leaks.size'),
        cell: (c) => number3(c.getValue()),
      }),
      leakColumn.accessor('share', {
        header: () => t('cascade.leaks.share'),
        cell: (c) => formatPercent(c.getValue(), language),
      }),
      leakColumn.accessor('baseline', {
        header: () => t('cascade.leaks.baseline'),
        cell: (c) => number3(c.getValue()),
      }),
      leakColumn.accessor('volumeLostM3', {
        header: () => t('cascade.leaks.volumeLost'),
        cell: (c) => formatNumber(c.getValue(), language, 1),
      }),
      leakColumn.accessor('repaired', {
        header: () => t('cascade.leaks.repaired'),
        cell: (c) =>
          c.getValue() ?? (
            <Badge variant="light" color="red">
              {t('cascade.leaks.underWay')}
            </Badge>
          ),
      }),
    ]),
    data: useMemo(() => [...(leaks?.leaks ?? [])].reverse(), [leaks]),
    getRowId: (row) => `${row.kind}.${row.start}`,
  });
  const lost = (leaks?.leaks ?? []).reduce((sum, l) => sum + l.volumeLostM3, 0);

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
        <Group justify="space-between" mb="xs">
          <Text fw={500}>
            {t('cascade.leaks.title', { from: analysis?.from ?? '', to: analysis?.to ?? '' })}
          </Text>
          {leaks && leaks.leaks.length > 0 && (
            <Text size="sm" data-testid="leaks-volume-lost">
              {t('cascade.leaks.lostInPeriod', { volume: formatNumber(lost, language, 1) })}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" mb="xs">
          {t('cascade.leaks.hint')}
        </Text>
        {leaks ? (
          <Chart
            options={chart.options}
            data={chart.data}
            height={260}
            label={t('cascade.leaks.chartLabel')}
            testId="leaks-chart"
          />
        ) : (
          <Skeleton height={260} />
        )}
        <ListTable
          table={table}
          rows={leaks?.leaks ?? null}
          loading={leaks === null && analysis !== null}
          empty={t('cascade.leaks.none')}
          testId="leaks-table"
          minWidth={860}
          cellStyle={figureColumns('sizeM3h', 'share', 'baseline', 'volumeLostM3')}
        />
      </Card>
      <HolidayCard onSaved={() => setReload((n) => n + 1)} />
      <Card withBorder padding="sm" data-testid="ili-panel">
        <Text fw={500} mb="xs">
          {t('cascade.ili.title')}
        </Text>
        <SubmitForm onSubmit={compute}>
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
        </SubmitForm>
        {ili && (
          <SimpleGrid cols={{ base: 1, md: 3 }} mt="md" data-testid="ili-result">
            <IliFigure label={t('cascade.ili.carl')}>
              <Text fw={600} data-testid="ili-carl">
                {formatNumber(ili.carlLitresPerDay, language, 0)}
              </Text>
            </IliFigure>
            <IliFigure label={t('cascade.ili.uarl')}>
              <Text fw={600} data-testid="ili-uarl">
                {formatNumber(ili.uarlLitresPerDay, language, 0)}
              </Text>
            </IliFigure>
            <IliFigure label={t('cascade.ili.index')}>
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
            </IliFigure>
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {ili ? t('cascade.ili.days', { count: ili.days }) : ''} {t('cascade.ili.explain')}
        </Text>
      </Card>
    </Stack>
  );
}
