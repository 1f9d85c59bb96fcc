import { type GatewayView, INGEST_CONTENT_TYPES } from '@hydrolog/schemas';
import {
  Badge,
  Button,
  Card,
  Code,
  EmptyState,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/ExportButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { FilterBar, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { showSecretOnce } from '../../components/SecretOnce.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { exportGateways, listGateways, revokeGateway, rotateGatewayKey } from './api/gateways.ts';
import { GatewayForm } from './GatewayForm.tsx';
import {
  EMPTY_GATEWAY_FILTERS,
  GATEWAY_KINDS,
  GATEWAY_STATUSES,
  type GatewayQuery,
  gatewayFilter,
  gatewayListQuery,
  isFiltered,
  parseGatewayQuery,
} from './gatewayQuery.ts';

/** The route of this page (menu catalogue component 'gateway/gateway/index'). */
export const GATEWAYS_PATH = '/gateway/gateway';
/** Where a gateway uploads its readings (outside /prod-api), with its own key as a bearer token. */
export const INGEST_READINGS_PATH = '/ingest/v1/readings';

const fetchGateways = (query: GatewayQuery) => listGateways(gatewayListQuery(query));
const features = tableFeatures({});
const column = createColumnHelper<typeof features, GatewayView>();
const NO_ROWS: GatewayView[] = [];
const FULL_TIME = 'YYYY-MM-DD HH:mm:ss';
/** Badges keep their whole label when the table is narrow. */
const BADGE_STYLES = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/** How a gateway sends readings: the request line, its headers and one NDJSON line. */
function ConnectHint() {
  const { t } = useTranslation();
  const example = JSON.stringify({ meterNo: '10000001', ts: '2026-01-31T02:00:00Z', total: 1234.567 });
  return (
    <Stack gap={4} ta="left">
      <Text size="sm">{t('gateways.connectHint')}</Text>
      <Code block data-testid="gateway-connect-hint">
        {[
          `POST ${INGEST_READINGS_PATH}`,
          `Host: ${window.location.host}`,
          `Authorization: Bearer <${t('gateways.key')}>`,
          `Content-Type: ${INGEST_CONTENT_TYPES.ndjson}`,
          `Idempotency-Key: <${t('gateways.batchId')}>`,
          '',
          example,
        ].join('\n')}
      </Code>
      <Text size="xs" c="dimmed">
        {t('gateways.connectFormats')}
      </Text>
    </Stack>
  );
}

/** The list of a tenant without any gateway yet: what gateways are for and how to connect one. */
function NoGatewayYet() {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="lg"
      data-testid="gateways-intro"
      icon={<Icon name="antenna" size={32} />}
      title={t('gateways.introTitle')}
      description={t('gateways.intro')}
    >
      <EmptyState.Actions style={{ maxWidth: 640, width: '100%' }}>
        <ConnectHint />
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** A one-minute tick, so that "3 minutes ago" stays true while the page is open. */
function useMinuteTick() {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
}

/**
 * Devices / Gateways: the meter gateways and concentrators that upload readings, each with its own key
 * (shown once at registration and at each rotation); register, edit, rotate the key, revoke, export.
 */
export function Gateways() {
  const { t, i18n } = useTranslation();
  useMinuteTick();
  const list = useListPage({
    path: GATEWAYS_PATH,
    parse: parseGatewayQuery,
    empty: EMPTY_GATEWAY_FILTERS,
    fetch: fetchGateways,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [editing, setEditing] = useState<GatewayView | 'new' | null>(null);

  /** The key the server answers this once, after registration (`rotated` false) or rotation. */
  const showKey = (name: string, key: string, rotated: boolean) =>
    showSecretOnce({
      title: t('gateways.keyTitle', { name }),
      intro: t(rotated ? 'gateways.keyRotatedIntro' : 'gateways.keyIntro', { name }),
      label: t('gateways.keyTitle', { name }),
      secret: key,
      warning: t('gateways.keyWarning'),
      children: <ConnectHint />,
    });

  async function rotate(gateway: GatewayView) {
    await confirmAndRun(
      {
        title: t('gateways.rotateTitle'),
        message: t('gateways.rotateConfirm', { name: gateway.name }),
        confirm: t('gateways.rotate'),
      },
      async () => {
        const { key } = await rotateGatewayKey(gateway.gatewayId);
        load();
        await showKey(gateway.name, key, true);
      },
    );
  }

  async function revoke(gateway: GatewayView) {
    const done = await confirmAndRun(
      {
        title: t('gateways.revokeTitle'),
        message: t('gateways.revokeConfirm', { name: gateway.name }),
        confirm: t('gateways.revoke'),
      },
      () => revokeGateway(gateway.gatewayId),
      t('gateways.revoked', { name: gateway.name }),
    );
    if (done) load();
  }

  const columns = column.columns([
    column.accessor('name', { header: () => t('gateways.name') }),
    column.accessor('kind', {
      header: () => t('gateways.kind'),
      cell: (c) => t(`gateways.kinds.${c.getValue()}`),
    }),
    column.accessor('manufacturer', {
      header: () => t('gateways.manufacturer'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('status', {
      header: () => t('gateways.status'),
      cell: (c) => (
        <Badge color={c.getValue() === 'active' ? 'green' : 'red'} variant="light" styles={BADGE_STYLES}>
          {t(`gateways.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('keyPrefix', {
      header: () => t('gateways.keyPrefix'),
      cell: (c) => (
        <Tooltip
          label={
            c.row.original.keyRotatedAt
              ? t('gateways.keyRotatedAt', {
                  time: dayjs(c.row.original.keyRotatedAt).format(FULL_TIME),
                })
              : t('gateways.keyPrefixHint')
          }
          withinPortal
        >
          <Code>{`${c.getValue()}…`}</Code>
        </Tooltip>
      ),
    }),
    column.accessor('online', {
      header: () => t('gateways.connection'),
      cell: (c) => {
        const { lastSeenAt } = c.row.original;
        return (
          <Group gap={6} wrap="nowrap">
            <Badge color={c.getValue() ? 'teal' : 'gray'} variant="dot" styles={BADGE_STYLES}>
              {t(c.getValue() ? 'gateways.online' : 'gateways.offline')}
            </Badge>
            {lastSeenAt ? (
              <Tooltip label={t('gateways.lastSeenAt', { time: dayjs(lastSeenAt).format(FULL_TIME) })}>
                <Text component="time" dateTime={lastSeenAt} size="xs" c="dimmed">
                  {relativeTime(lastSeenAt, i18n.language)}
                </Text>
              </Tooltip>
            ) : (
              <Text size="xs" c="dimmed">
                {t('gateways.neverSeen')}
              </Text>
            )}
          </Group>
        );
      },
    }),
    column.accessor('meterCount', {
      header: () => t('gateways.meterCount'),
      cell: (c) => (
        <Text size="sm" ta="right">
          {c.getValue()}
        </Text>
      ),
    }),
    column.accessor('createTime', {
      header: () => t('gateways.createTime'),
      cell: (c) => (
        <span title={dayjs(c.getValue()).format(FULL_TIME)}>{dayjs(c.getValue()).format('YYYY-MM-DD')}</span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => t('gateways.actions'),
      cell: (c) => {
        const gateway = c.row.original;
        // A revoked gateway is final: its key no longer works and it cannot be changed.
        if (gateway.status === 'revoked') return null;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['ingest:gateway:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('gateways.editOf', { name: gateway.name })}
                icon="edit"
                onClick={() => setEditing(gateway)}
              />
            </HasPermi>
            <HasPermi value={['ingest:gateway:rotate']}>
              <RowAction
                label={t('actions.rotate')}
                ariaLabel={t('gateways.rotateOf', { name: gateway.name })}
                icon="key"
                onClick={() => void rotate(gateway)}
              />
            </HasPermi>
            <HasPermi value={['ingest:gateway:remove']}>
              <RowAction
                label={t('gateways.revoke')}
                ariaLabel={t('gateways.revokeOf', { name: gateway.name })}
                icon="ban"
                color="red"
                onClick={() => void revoke(gateway)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.gatewayId,
  });

  return (
    <Card withBorder data-testid="gateways-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('gateways.title')}</Title>
        <Group gap="xs">
          <ExportButton
            permission="ingest:gateway:export"
            exportFile={() => exportGateways(gatewayFilter(query))}
          />
          <HasPermi value={['ingest:gateway:add']}>
            <Button onClick={() => setEditing('new')}>{t('gateways.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="gateways-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('gateways.name')}
          value={filters.name}
          maxLength={50}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
        <Select
          label={t('gateways.kind')}
          w={160}
          placeholder={t('gateways.allKinds')}
          clearable
          data={GATEWAY_KINDS.map((v) => ({ value: v, label: t(`gateways.kinds.${v}`) }))}
          value={filters.kind || null}
          onChange={(value) => setFilter('kind', GATEWAY_KINDS.find((k) => k === value) ?? '')}
        />
        <Select
          label={t('gateways.status')}
          w={160}
          placeholder={t('gateways.allStatuses')}
          clearable
          data={GATEWAY_STATUSES.map((v) => ({ value: v, label: t(`gateways.statuses.${v}`) }))}
          value={filters.status || null}
          onChange={(value) => setFilter('status', GATEWAY_STATUSES.find((s) => s === value) ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={isFiltered(query) ? t('gateways.empty') : <NoGatewayYet />}
        testId="gateways-table"
        minWidth={1100}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('gateways.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <GatewayForm
          gateway={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            load();
            if (created) void showKey(created.name, created.key, false);
          }}
        />
      )}
    </Card>
  );
}
