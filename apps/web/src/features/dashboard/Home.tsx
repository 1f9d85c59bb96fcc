import type { DictDataView } from '@hydrolog/schemas';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DayChart } from '../../components/DayChart.tsx';
import { FigureCard } from '../../components/FigureCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { useRouteQuery } from '../../hooks/useRouteQuery.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import {
  type AlarmStatistics,
  type BillStatistics,
  type CommunicationStatistics,
  type DashboardTopData,
  getAlarmStatistics,
  getAlarmTypes,
  getBillStatistics,
  getCommunication,
  getTopData,
  getUsage,
  HOME_TREND_DAYS,
  USAGE_PRESETS,
  type UsageStatistics,
} from './api/dashboard.ts';
import { homeSearch, parseHomeQuery } from './dashboardQuery.ts';

export const HOME_PATH = '/index';
const NO_FIGURE = '—';

/** A card of the dashboard with its loading, failure and content. */
function Panel({
  title,
  failed,
  retry,
  loaded,
  testId,
  extra,
  children,
}: {
  title: string;
  failed: boolean;
  retry(): void;
  loaded: boolean;
  testId: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Title order={5}>{title}</Title>
        {extra}
      </Group>
      {failed ? (
        <Alert color="red" title={t('dashboard.loadFailed')}>
          <Button size="xs" variant="light" onClick={retry}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : loaded ? (
        children
      ) : (
        <Skeleton height={220} />
      )}
    </Card>
  );
}

/** /index, titled Home: the tenant's figures and statistics from the read models (spec sections 1 and 7). */
export function Home() {
  const { t } = useTranslation();
  // Behind the forced change of an initial password the server answers nothing else: load nothing yet.
  const mustChangePassword = session.use().info?.initPassword === true;
  return (
    <Stack>
      <Title order={3}>{t('nav.home')}</Title>
      {!mustChangePassword && <Dashboard />}
    </Stack>
  );
}

function Dashboard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const top = useLatestLoad<DashboardTopData>(getTopData);
  const m3 = (value: number) => `${formatNumber(value, language, 0, 1)} m³`;
  // Amounts to the cent, as bills show them: a bill paid moves these by exactly its amount.
  const money = (value: number) => formatNumber(value, language, 2);
  const figure = (value: number | null | undefined, format = (v: number) => formatNumber(v, language)) =>
    value === null || value === undefined ? NO_FIGURE : format(value);
  const d = top.data;

  return (
    <>
      {top.failed && (
        <Alert color="red" title={t('dashboard.loadFailed')}>
          <Button size="xs" variant="light" onClick={top.load}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} data-testid="dashboard-figures">
        {d ? (
          <>
            <FigureCard testId="figure-waterUse" label={t('dashboard.waterUse')} value={m3(d.waterUse)} />
            <FigureCard testId="figure-meters" label={t('dashboard.meters')} value={figure(d.meterCount)} />
            <FigureCard
              testId="figure-metersOutbound"
              label={t('dashboard.metersOutbound')}
              value={figure(d.metersOutbound)}
              hint={t('dashboard.outboundHint')}
            />
            <FigureCard
              testId="figure-metersNotOutbound"
              label={t('dashboard.metersNotOutbound')}
              value={figure(d.metersNotOutbound)}
            />
            <FigureCard
              testId="figure-customers"
              label={t('dashboard.customers')}
              value={figure(d.customerCount)}
            />
            <FigureCard
              testId="figure-readingRate"
              label={t('dashboard.readingRate')}
              value={figure(d.readingRate, (v) => formatPercent(v, language))}
              hint={t('dashboard.readingRateHint')}
            />
            {(['billed', 'paid', 'unpaid'] as const).map((key) => (
              <FigureCard
                key={key}
                testId={`figure-${key}`}
                label={t(`dashboard.${key}`)}
                value={figure(d[key], money)}
                hint={d[key] === null ? t('dashboard.billingPending') : undefined}
              />
            ))}
          </>
        ) : (
          Array.from({ length: 9 }, (_, i) => <Skeleton key={i} height={96} />)
        )}
      </SimpleGrid>
      <UsagePanel />
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <CommunicationPanel />
        <AlarmPanel />
        <BillPanel />
      </SimpleGrid>
    </>
  );
}

/** Water used per day with the spec's date presets (7, 30, 90 days), kept in the URL. */
function UsagePanel() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useRouteQuery(HOME_PATH, parseHomeQuery, homeSearch);
  const fetch = useCallback(() => getUsage(query.days), [query.days]);
  const usage = useLatestLoad<UsageStatistics>(fetch);
  return (
    <Panel
      title={t('dashboard.usage')}
      testId="dashboard-usage"
      failed={usage.failed}
      retry={usage.load}
      loaded={usage.data !== null}
      extra={
        <SegmentedControl
          aria-label={t('dashboard.period')}
          data={USAGE_PRESETS.map((p) => ({
            value: String(p),
            label: t('dashboard.lastDays', { count: p }),
          }))}
          value={String(query.days)}
          onChange={(value) => setQuery({ days: Number(value) as (typeof USAGE_PRESETS)[number] })}
        />
      }
    >
      {usage.data && (
        <>
          <Text size="sm" c="dimmed" mb="xs" data-testid="usage-total">
            {t('dashboard.usageTotal', {
              count: usage.data.days.length,
              total: formatNumber(usage.data.total, i18n.language, 0, 1),
            })}
          </Text>
          <DayChart
            days={usage.data.days}
            series={t('dashboard.volume')}
            digits={3}
            label={t('dashboard.usageChart', { count: usage.data.days.length })}
            testId="usage-chart"
          />
        </>
      )}
    </Panel>
  );
}

function CommunicationPanel() {
  const { t } = useTranslation();
  const comms = useLatestLoad<CommunicationStatistics>(getCommunication);
  const c = comms.data;
  return (
    <Panel
      title={t('dashboard.communication')}
      testId="dashboard-communication"
      failed={comms.failed}
      retry={comms.load}
      loaded={c !== null}
    >
      {c && (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge color="teal" variant="light" data-testid="comms-online">
              {t('dashboard.online', { count: c.online })}
            </Badge>
            <Badge color="red" variant="light" data-testid="comms-offline">
              {t('dashboard.offline', { count: c.offline })}
            </Badge>
            <Badge color="gray" variant="light" data-testid="comms-never">
              {t('dashboard.neverReported', { count: c.neverReported })}
            </Badge>
          </Group>
          <DayChart
            days={c.days}
            series={t('dashboard.reportedMeters')}
            color="teal"
            height={180}
            label={t('dashboard.communicationChart', { count: HOME_TREND_DAYS })}
          />
        </Stack>
      )}
    </Panel>
  );
}

function AlarmPanel() {
  const { t } = useTranslation();
  const alarms = useLatestLoad<AlarmStatistics>(getAlarmStatistics);
  const types = useLatestLoad<DictDataView[]>(getAlarmTypes);
  const a = alarms.data;
  const label = (code: string) => types.data?.find((d) => d.dictValue === code)?.dictLabel ?? code;
  return (
    <Panel
      title={t('dashboard.alarms')}
      testId="dashboard-alarms"
      failed={alarms.failed}
      retry={alarms.load}
      loaded={a !== null}
    >
      {a && (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('dashboard.alarmSource')}
          </Text>
          {a.byType.length === 0 ? (
            <EmptyState
              py="md"
              icon={<Icon name="bell" size={28} />}
              title={t('dashboard.noAlarms', { count: HOME_TREND_DAYS })}
              data-testid="alarms-empty"
            />
          ) : (
            <>
              <DayChart
                days={a.days}
                series={t('dashboard.alarmMeters')}
                color="orange"
                height={150}
                label={t('dashboard.alarmChart', { count: HOME_TREND_DAYS })}
              />
              <Table data-testid="alarms-by-type">
                <Table.Tbody>
                  {a.byType.map((row) => (
                    <Table.Tr key={row.alarmType}>
                      <Table.Td>{label(row.alarmType)}</Table.Td>
                      <Table.Td ta="right">{row.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Stack>
      )}
    </Panel>
  );
}

function BillPanel() {
  const { t } = useTranslation();
  const bills = useLatestLoad<BillStatistics>(getBillStatistics);
  return (
    <Panel
      title={t('dashboard.bills')}
      testId="dashboard-bills"
      failed={bills.failed}
      retry={bills.load}
      loaded={bills.data !== null}
    >
      {bills.data && !bills.data.available && (
        <EmptyState
          py="md"
          icon={<Icon name="receipt" size={28} />}
          title={t('dashboard.billingPendingTitle')}
          description={t('dashboard.billingPending')}
          data-testid="bills-pending"
        />
      )}
      {bills.data?.available && (
        <Stack gap="xs" data-testid="bills-chart">
          <DayChart
            days={bills.data.days.map((d) => ({ date: d.date, value: d.billed }))}
            series={t('dashboard.billed')}
            color="blue"
            height={120}
            label={t('bills.billedChart', { count: HOME_TREND_DAYS })}
          />
          <DayChart
            days={bills.data.days.map((d) => ({ date: d.date, value: d.paid }))}
            series={t('dashboard.paid')}
            color="teal"
            height={120}
            label={t('bills.paidChart', { count: HOME_TREND_DAYS })}
          />
        </Stack>
      )}
    </Panel>
  );
}
