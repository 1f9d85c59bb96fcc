import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  LoadingOverlay,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DayChart } from '../../components/DayChart.tsx';
import { FigureCard } from '../../components/FigureCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { useRouteQuery } from '../../hooks/useRouteQuery.ts';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { getTenantDashboard, TENANT_TREND_DAYS } from './api/dashboard.ts';
import {
  DEMO_INTERVAL_MAX,
  DEMO_INTERVAL_MIN,
  nextDemoTenant,
  parseTenantDashboardQuery,
  tenantDashboardSearch,
} from './dashboardQuery.ts';
import { ServiceStatus } from './ServiceStatus.tsx';

/** The route of this page (menu catalogue component 'tenant/dashboard/index'). */
export const TENANT_DASHBOARD_PATH = '/tenant/dashboard';
const ALL = 'all';

/**
 * Tenants / Tenant dashboard (platform operators): every utility tenant's figures, or one tenant's; demo
 * mode cycles through the tenants, then the whole platform, at an interval set in seconds (spec section 2).
 */
export function TenantDashboard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [query, setQuery] = useRouteQuery(
    TENANT_DASHBOARD_PATH,
    parseTenantDashboardQuery,
    tenantDashboardSearch,
  );
  const { data, loading, failed, load } = useLatestLoad(
    useCallback(() => getTenantDashboard(query.tenantId), [query.tenantId]),
  );

  // Demo mode: the next tenant every `interval` seconds.
  const tenantIds = data?.tenants.map((tenant) => tenant.tenantId) ?? [];
  const idsKey = tenantIds.join(',');
  useEffect(() => {
    if (!query.demo) return;
    const timer = setTimeout(
      () => setQuery({ ...query, tenantId: nextDemoTenant(idsKey ? idsKey.split(',') : [], query.tenantId) }),
      query.interval * 1000,
    );
    return () => clearTimeout(timer);
  }, [query, idsKey, setQuery]);

  const shownName = data?.tenants.find((tenant) => tenant.tenantId === query.tenantId)?.name;
  const count = (value: number) => formatNumber(value, language);
  const maxMeters = Math.max(1, ...(data?.meterDistribution.map((m) => m.count) ?? []));
  const noAlarms = data?.alarms.every((d) => d.value === 0);

  return (
    <Stack>
      <Card withBorder data-testid="tenant-dashboard">
        <Group justify="space-between" align="flex-end" mb="md">
          <Stack gap={0}>
            <Title order={4}>{t('tenantDashboard.title')}</Title>
            <Text size="sm" c="dimmed" data-testid="tenant-dashboard-scope">
              {shownName ?? t('tenantDashboard.allTenants')}
            </Text>
          </Stack>
          <Group align="flex-end">
            <Select
              data-testid="tenant-select"
              label={t('tenantDashboard.tenant')}
              w={240}
              allowDeselect={false}
              data={[
                { value: ALL, label: t('tenantDashboard.allTenants') },
                ...(data?.tenants.map((tenant) => ({ value: tenant.tenantId, label: tenant.name })) ?? []),
              ]}
              value={query.tenantId ?? ALL}
              onChange={(value) => setQuery({ ...query, tenantId: value && value !== ALL ? value : null })}
            />
            <NumberInput
              label={t('tenantDashboard.interval')}
              w={150}
              min={DEMO_INTERVAL_MIN}
              max={DEMO_INTERVAL_MAX}
              clampBehavior="strict"
              allowDecimal={false}
              value={query.interval}
              onChange={(value) => typeof value === 'number' && setQuery({ ...query, interval: value })}
            />
            <Switch
              label={t('tenantDashboard.demo')}
              checked={query.demo}
              onChange={(event) => setQuery({ ...query, demo: event.currentTarget.checked })}
              mb={6}
            />
          </Group>
        </Group>
        {failed && (
          <Alert color="red" mb="md" title={t('dashboard.loadFailed')}>
            <Button size="xs" variant="light" onClick={load}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
        <Stack pos="relative">
          <LoadingOverlay visible={loading && data !== null} overlayProps={{ blur: 1 }} />
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3, xl: 6 }} data-testid="tenant-dashboard-figures">
            {data
              ? (
                  [
                    ['totalTenants', count(data.totalTenants)],
                    ['accountsOpened', count(data.accounts.opened)],
                    ['accountsNotOpened', count(data.accounts.notOpened)],
                    ['todayRate', data.today.rate === null ? '—' : formatPercent(data.today.rate, language)],
                    ['reported', count(data.today.reported)],
                    ['notReported', count(data.today.notReported)],
                  ] as const
                ).map(([figure, value]) => (
                  <FigureCard
                    key={figure}
                    testId={`figure-${figure}`}
                    label={t(`tenantDashboard.${figure}`)}
                    value={value}
                    hint={
                      figure === 'totalTenants'
                        ? t('tenantDashboard.trialTenants', { count: data.trialTenants })
                        : undefined
                    }
                  />
                ))
              : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={96} />)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 3 }}>
            <Card withBorder padding="sm" data-testid="meter-distribution">
              <Text fw={500} mb="xs">
                {t('tenantDashboard.distribution')}
              </Text>
              {data && data.meterDistribution.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('tenantDashboard.noMeters')}
                </Text>
              )}
              <Stack gap={6}>
                {data?.meterDistribution.map((entry) => (
                  <div key={entry.label}>
                    <Group justify="space-between" gap="xs">
                      <Text size="sm">{entry.label}</Text>
                      <Text size="sm" fw={500}>
                        {count(entry.count)}
                      </Text>
                    </Group>
                    <Progress value={(entry.count / maxMeters) * 100} aria-hidden />
                  </div>
                ))}
              </Stack>
            </Card>
            <Card withBorder padding="sm">
              <Text fw={500} mb="xs">
                {t('tenantDashboard.consumption', { count: TENANT_TREND_DAYS })}
              </Text>
              {data ? (
                <DayChart
                  days={data.consumption}
                  series={t('dashboard.volume')}
                  digits={3}
                  label={t('tenantDashboard.consumption', { count: TENANT_TREND_DAYS })}
                  testId="consumption-chart"
                />
              ) : (
                <Skeleton height={220} />
              )}
            </Card>
            <Card withBorder padding="sm">
              <Text fw={500} mb="xs">
                {t('tenantDashboard.alarms', { count: TENANT_TREND_DAYS })}
              </Text>
              {noAlarms ? (
                <EmptyState
                  py="md"
                  icon={<Icon name="bell" size={28} />}
                  title={t('dashboard.noAlarms', { count: TENANT_TREND_DAYS })}
                  description={t('dashboard.alarmSource')}
                  data-testid="tenant-alarms-empty"
                />
              ) : data ? (
                <DayChart
                  days={data.alarms}
                  series={t('dashboard.alarmMeters')}
                  color="orange"
                  label={t('tenantDashboard.alarms', { count: TENANT_TREND_DAYS })}
                  testId="alarm-chart"
                />
              ) : (
                <Skeleton height={220} />
              )}
            </Card>
          </SimpleGrid>
        </Stack>
      </Card>
      <ServiceStatus />
    </Stack>
  );
}
