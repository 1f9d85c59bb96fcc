import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { fetchHealth } from './api/dashboard.ts';

/**
 * The service status (database, log, read models and how far behind they are): for the platform's operators,
 * on their tenant data dashboard, not on a utility's home page.
 */
export function ServiceStatus() {
  const { t } = useTranslation();
  const { data: health, failed, load } = useLatestLoad(fetchHealth);

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
