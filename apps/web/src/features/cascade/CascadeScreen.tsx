import { type CascadeOverview, cascadeAlarmKindSchema, type UnknownReason } from '@hydrolog/schemas';
import { alpha, Badge, Button, Card, Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOptions, themedAxis, useChartTheme, zonedDate } from '../../components/Chart.tsx';
import { FigureValue, whyNull } from '../../components/FigureValue.tsx';
import { Icon } from '../../components/Icon.tsx';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { formatInZone } from '../../lib/tenantTime.ts';
import { getToken } from '../../lib/token.ts';
import { screenOverview } from './api/cascade.ts';
import { rateColor } from './cascadeQuery.ts';

const BG = '#0b1e3a';
const PANEL = { backgroundColor: alpha('#16325c', 0.85), borderColor: '#24497f', color: '#d6e4ff' };

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card withBorder style={PANEL} data-testid={testId}>
      <Text fw={600} mb="xs" c="#8fb6ff">
        {title}
      </Text>
      {children}
    </Card>
  );
}

function Stat({
  label,
  value,
  unknown = null,
  hint,
  testId,
}: {
  label: string;
  value: string;
  unknown?: UnknownReason | null;
  hint?: string;
  testId: string;
}) {
  return (
    <Card withBorder style={PANEL} data-testid={testId}>
      <Text size="sm" c="#8fb6ff">
        {label}
      </Text>
      <Text fz={30} fw={700}>
        <FigureValue text={value} unknown={unknown} />
      </Text>
      {hint && (
        <Text size="xs" c="#9fb3d9">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Yesterday against the day before, as a signed change ("+3.2%"); '' when either is unknown. */
/** The day-over-day volume figures of the header, in the order shown. */
const VOLUME_STATS = [
  { field: 'supply', label: 'cascade.yesterdaySupply' },
  { field: 'leakage', label: 'cascade.yesterdayLeakage' },
] as const;

/** The counts of the meter information panel, in the order shown. */
const METER_COUNTS = [
  { field: 'partitions', testId: 'screen-partitions', label: 'cascade.partitions' },
  { field: 'points', testId: 'screen-points', label: 'cascade.points' },
  { field: 'summaryMeters', testId: 'screen-summary-meters', label: 'cascade.summaryMeters' },
  { field: 'subMeters', testId: 'screen-sub-meters', label: 'cascade.subMeters' },
] as const;

function change(now: number | null, before: number | null, language: string): string {
  if (now === null || before === null || before === 0) return '';
  const share = (now - before) / Math.abs(before);
  return `${share > 0 ? '+' : ''}${formatPercent(share, language)}`;
}

function TrendChart({ overview }: { overview: CascadeOverview }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const { options, data } = useMemo(() => {
    const text = { ...theme, text: '#c5d6f5', grid: 'rgba(255,255,255,0.08)' };
    const options: ChartOptions = {
      scales: { x: { time: true } },
      tzDate: zonedDate('UTC'),
      series: [
        {},
        { label: t('cascade.supply'), stroke: '#4dabf7', width: 2 },
        { label: t('cascade.leakage'), stroke: '#ff8787', width: 2 },
      ],
      axes: [
        themedAxis(text, { values: (_u, s) => s.map((v) => formatInZone(v * 1000, 'UTC', 'MM-DD')) }),
        themedAxis(text, { size: 60 }),
      ],
    };
    const days = overview.trend;
    const data: [number[], (number | null)[], (number | null)[]] = [
      days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
      days.map((d) => d.supply),
      days.map((d) => d.leakage),
    ];
    return { options, data };
  }, [overview, t, theme]);
  return (
    <Chart options={options} data={data} height={220} label={t('cascade.trendTitle')} testId="screen-trend" />
  );
}

/**
 * /cascadeScreen: the full-screen leakage view, outside the shell (opened in a new tab). It shows a tenant's
 * figures only to a signed-in user holding cascade:screen (the session cookie is shared with the tab that
 * opened it); an anonymous viewer gets the product name and a sign-in prompt, never any tenant's data.
 */
export function CascadeScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const signedIn = getToken() !== undefined;
  const [overview, setOverview] = useState<CascadeOverview | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const load = () => screenOverview().then(setOverview, () => setFailed(true));
    load();
    // A wall display: the figures refresh every five minutes.
    const timer = setInterval(load, 5 * 60_000);
    return () => clearInterval(timer);
  }, [signedIn]);

  const title = t('menuTitles.cascade_screen');
  if (!signedIn || failed) {
    return (
      <Center mih="100vh" bg={BG} c="#d6e4ff">
        <Stack align="center" data-testid="cascade-screen-signin">
          <Icon name="droplet" size={48} />
          <Title order={1}>{title}</Title>
          <Text>{t(failed ? 'cascade.screenNoAccess' : 'cascade.screenSignIn')}</Text>
          {!failed && (
            <Button component="a" href={`/login?redirect=${encodeURIComponent('/cascadeScreen')}`}>
              {t('login.submit')}
            </Button>
          )}
        </Stack>
      </Center>
    );
  }
  if (!overview) {
    return (
      <Center mih="100vh" bg={BG} c="#d6e4ff">
        <Text>{t('common.loading')}</Text>
      </Center>
    );
  }
  const { yesterday, dayBefore } = overview;
  const m3 = (v: number | null) => (v === null ? '' : `${formatNumber(v, language, 1)} m³`);
  return (
    <Stack mih="100vh" bg={BG} c="#d6e4ff" p="lg" gap="md" data-testid="cascade-screen">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Text c="#9fb3d9">
          {t('cascade.screenYesterday', { date: yesterday.date, timeZone: overview.timeZone })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {VOLUME_STATS.map(({ field, label }) => (
          <Stat
            key={field}
            testId={`screen-${field}`}
            label={t(label)}
            value={m3(yesterday[field])}
            unknown={whyNull(yesterday[field], yesterday.unknown)}
            hint={t('cascade.dayOverDay', {
              change: change(yesterday[field], dayBefore[field], language) || '—',
            })}
          />
        ))}
        <Stat
          testId="screen-rate"
          label={t('cascade.yesterdayRate')}
          value={formatPercent(yesterday.leakageRate, language)}
          unknown={whyNull(yesterday.leakage, yesterday.unknown)}
          hint={t('cascade.dayBeforeRate', { rate: formatPercent(dayBefore.leakageRate, language) || '—' })}
        />
        <Stat
          testId="screen-month"
          label={t('cascade.monthLeakage')}
          value={m3(overview.month.leakage)}
          unknown={whyNull(overview.month.leakage, overview.month.unknown)}
          hint={t('cascade.monthRate', { rate: formatPercent(overview.month.leakageRate, language) || '—' })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Panel title={t('cascade.trendTitle')} testId="screen-trend-panel">
          <TrendChart overview={overview} />
        </Panel>
        <Panel title={t('cascade.rankingTitle')} testId="screen-ranking">
          <Stack gap={6}>
            {overview.ranking.length === 0 && <Text c="#9fb3d9">{t('cascade.noRanking')}</Text>}
            {overview.ranking.map((row, i) => (
              <Group key={row.pointId} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {i + 1}. {row.name}
                </Text>
                <Badge color={rateColor(row.leakageRate)} variant="filled">
                  {formatPercent(row.leakageRate, language) || '—'}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Panel>
        <Panel title={t('cascade.alarmCountsTitle')} testId="screen-alarm-counts">
          <SimpleGrid cols={3}>
            {cascadeAlarmKindSchema.options.map((kind) => (
              <Stack key={kind} gap={0} align="center">
                <Text fz={28} fw={700}>
                  {overview.alarmCounts.find((c) => c.kind === kind)?.count ?? 0}
                </Text>
                <Text size="xs" c="#9fb3d9" ta="center">
                  {t(`cascade.alarmKinds.${kind}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Panel>
        <Panel title={t('cascade.latestAlarms')} testId="screen-latest-alarms">
          <Stack gap={6}>
            {overview.latestAlarms.length === 0 && <Text c="#9fb3d9">{t('cascade.noAlarms')}</Text>}
            {overview.latestAlarms.map((a) => (
              <Group key={a.alarmId} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {a.day} · {a.pointName}
                </Text>
                <Badge variant="light">{t(`cascade.alarmKinds.${a.kind}`)}</Badge>
              </Group>
            ))}
          </Stack>
        </Panel>
        <Panel title={t('cascade.meterInfo')} testId="screen-meters">
          <SimpleGrid cols={2}>
            {METER_COUNTS.map(({ field, testId, label }) => (
              <Stat key={field} testId={testId} label={t(label)} value={String(overview[field])} />
            ))}
          </SimpleGrid>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
