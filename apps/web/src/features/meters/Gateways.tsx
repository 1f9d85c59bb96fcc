import { type GatewayView, INGEST_CONTENT_TYPES } from '@hydrolog/schemas';
import { Badge, Code, EmptyState, Group, Stack, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  StatusFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { showSecretOnce } from '../../components/SecretOnce.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { apiFilters, apiListQuery, filtersOf } from '../../lib/listQuery.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { exportGateways, listGateways, revokeGateway, rotateGatewayKey } from './api/gateways.ts';
import { GatewayForm } from './GatewayForm.tsx';
import { GATEWAY_KINDS, GATEWAY_STATUSES, gatewayFilters } from './gatewayQuery.ts';

/** The route of this page (menu catalogue component 'gateway/gateway/index'). */
export const GATEWAYS_PATH = '/gateway/gateway';
/** Where a gateway uploads its readings (outside /prod-api), with its own key as a bearer token. */
export const INGEST_READINGS_PATH = '/ingest/v1/readings';

const column = listColumns<GatewayView>();
const FULL_TIME = 'YYYY-MM-DD HH:mm:ss';

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

/** The key the server answers this once, after registration (`rotated` false) or rotation. */
const showKey = (t: TFunction, name: string, key: string, rotated: boolean) =>
  showSecretOnce({
    title: t('gateways.keyTitle', { name }),
    intro: t(rotated ? 'gateways.keyRotatedIntro' : 'gateways.keyIntro', { name }),
    label: t('gateways.keyTitle', { name }),
    secret: key,
    warning: t('gateways.keyWarning'),
    children: <ConnectHint />,
  });

/**
 * Devices / Gateways: the meter gateways and concentrators that upload readings, each with its own key
 * (shown once at registration and at each rotation); register, edit, rotate the key, revoke, export.
 */
export const Gateways = defineListScreen({
  path: GATEWAYS_PATH,
  testId: 'gateways',
  texts: listTexts('gateways'),
  filters: gatewayFilters,
  fetch: (query) => listGateways(apiListQuery(query)),
  rowId: (row) => row.gatewayId,
  firstUse: () => <NoGatewayYet />,
  usePage: useMinuteTick,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="name" label={t('gateways.name')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="kind"
        label={t('gateways.kind')}
        placeholder={t('gateways.allKinds')}
        options={GATEWAY_KINDS.map((v) => ({ value: v, label: t(`gateways.kinds.${v}`) }))}
      />
      <StatusFilter bar={bar} group="gateways" statuses={GATEWAY_STATUSES} />
    </>
  ),
  columns: ({ t, language }) => [
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
        <Badge color={c.getValue() === 'active' ? 'green' : 'red'} variant="light">
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
            <Badge color={c.getValue() ? 'teal' : 'gray'} variant="dot">
              {t(c.getValue() ? 'gateways.online' : 'gateways.offline')}
            </Badge>
            {lastSeenAt ? (
              <Tooltip label={t('gateways.lastSeenAt', { time: dayjs(lastSeenAt).format(FULL_TIME) })}>
                <Text component="time" dateTime={lastSeenAt} size="xs" c="dimmed">
                  {relativeTime(lastSeenAt, language)}
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
  ],
  // A revoked gateway is final: its key no longer works and it cannot be changed.
  editRow: editRowOf<GatewayView>(
    'gateways',
    'ingest:gateway:edit',
    (gateway) => gateway.name,
    (gateway) => gateway.status !== 'revoked',
  ),
  rowActions: (gateway, { t, list }) =>
    gateway.status === 'revoked'
      ? []
      : [
          {
            label: t('actions.rotate'),
            ariaLabel: t('gateways.rotateOf', { name: gateway.name }),
            icon: 'key',
            permission: ['ingest:gateway:rotate'],
            onClick: () =>
              void confirmAndRun(
                {
                  title: t('gateways.rotateTitle'),
                  message: t('gateways.rotateConfirm', { name: gateway.name }),
                  confirm: t('gateways.rotate'),
                },
                async () => {
                  const { key } = await rotateGatewayKey(gateway.gatewayId);
                  list.load();
                  await showKey(t, gateway.name, key, true);
                },
              ),
          },
          {
            label: t('gateways.revoke'),
            ariaLabel: t('gateways.revokeOf', { name: gateway.name }),
            icon: 'ban',
            color: 'red',
            permission: ['ingest:gateway:remove'],
            onClick: async () => {
              const done = await confirmAndRun(
                {
                  title: t('gateways.revokeTitle'),
                  message: t('gateways.revokeConfirm', { name: gateway.name }),
                  confirm: t('gateways.revoke'),
                },
                () => revokeGateway(gateway.gatewayId),
                t('gateways.revoked', { name: gateway.name }),
              );
              if (done) list.load();
            },
          },
        ],
  create: ({ t }) => ({ label: t('gateways.new'), permission: ['ingest:gateway:add'] }),
  export: {
    permission: 'ingest:gateway:export',
    run: (query) => exportGateways(apiFilters(filtersOf(query))),
  },
  minWidth: 1100,
  form: ({ row, close, saved }, { t }) => (
    <GatewayForm
      gateway={row}
      onClose={close}
      onSaved={(created) => {
        saved();
        if (created) void showKey(t, created.name, created.key, false);
      }}
    />
  ),
});
