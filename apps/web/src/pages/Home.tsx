import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHealth, type Health } from '../api/tenants.ts';

/** The dashboard figures of spec section 1; they come with the meter and billing modules. */
const FIGURES = [
  'waterUse',
  'meters',
  'metersOutbound',
  'metersNotOutbound',
  'billed',
  'paid',
  'unpaid',
  'customers',
  'readingRate',
] as const;
const STATISTICS = ['communication', 'alarms', 'bills'] as const;
const NO_FIGURE = '—';

/** /index, titled Home: the dashboard layout, then the service status. */
export function Home() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{t('nav.home')}</Title>
        <Text size="sm" c="dimmed" data-testid="dashboard-pending">
          {t('dashboard.pending')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} data-testid="dashboard-figures">
        {FIGURES.map((key) => (
          <Card key={key} withBorder padding="md">
            <Text size="sm" c="dimmed">
              {t(`dashboard.${key}`)}
            </Text>
            <Text fz={26} fw={600}>
              {NO_FIGURE}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {STATISTICS.map((key) => (
          <Card key={key} withBorder padding="md" mih={180}>
            <Title order={5}>{t(`dashboard.${key}`)}</Title>
            <Text fz={26} fw={600} mt="md">
              {NO_FIGURE}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dashboard.pending')}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <ServiceStatus />
    </Stack>
  );
}

/** The service status (database, log, read models and how far behind they are). */
function ServiceStatus() {
  const { t } = useTranslation();
  const [health, setHealth] = useState<Health | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    fetchHealth().then(setHealth, () => setFailed(true));
  }, []);
  useEffect(load, []);

  return (
    <Card withBorder maw={720} data-testid="status-card">
      <Title order={4} mb="sm">
        {t('status.title')}
      </Title>
      {failed && (
        <Alert color="red" title={t('status.loadFailed')}>
          <Button size="xs" variant="light" onClick={load}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {!health && !failed && <Loader size="sm" aria-label={t('common.loading')} />}
      {health && (
        <Stack gap="xs">
          <Group>
            <Badge color={health.status === 'ok' ? 'green' : 'yellow'}>{t(`status.${health.status}`)}</Badge>
          </Group>
          <Text>
            {t('status.database')}: <b data-testid="engine">{health.database.engine}</b>
          </Text>
          <Text>
            {t('status.eventStore')}: <b>{health.eventStore}</b>
          </Text>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('status.projections')}</Table.Th>
                <Table.Th />
                <Table.Th>{t('status.lag')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {health.projections.map((p) => (
                <Table.Tr key={p.name}>
                  <Table.Td>
                    {p.name}{' '}
                    <Text span c="dimmed" size="sm">
                      ({t(`status.${p.mode}`)})
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.status === 'live' ? 'green' : 'yellow'}>
                      {t(`status.${p.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.lag}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
