import {
  COMMUNICATION_STATES,
  type CommunicationState,
  type ConcentratorListQuery,
  type ConcentratorView,
} from '@hydrolog/schemas';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { showSecretOnce } from '../../components/SecretOnce.tsx';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { deleteConcentrators, exportConcentrators, listConcentrators } from './api/concentrators.ts';
import { ConcentratorForm } from './ConcentratorForm.tsx';
import { CONCENTRATORS_PATH } from './devicePages.ts';

const FULL_TIME = 'YYYY-MM-DD HH:mm:ss';
const column = listColumns<ConcentratorView>();
const filters = z.object({
  number: filterField.text(50),
  communication: filterField.option(COMMUNICATION_STATES),
});
const filterOf = (query: z.infer<typeof filters>): ConcentratorListQuery => ({
  number: query.number || undefined,
  communication: (query.communication || undefined) as CommunicationState | undefined,
});
const time = (value: string | null) => (value ? dayjs(value).format(FULL_TIME) : '');

const showKey = (t: TFunction, number: string, key: string) =>
  showSecretOnce({
    title: t('concentrators.keyTitle', { name: number }),
    intro: t('concentrators.keyIntro', { name: number }),
    label: t('concentrators.keyTitle', { name: number }),
    secret: key,
    warning: t('concentrators.keyWarning'),
  });

/**
 * Devices / Concentrators: the tenant's concentrators, which are the gateways of the ingest protocol of that
 * kind (the same registry as the gateways page), with their communication state and the meters they relay.
 * One relaying meters is neither changed nor deleted (the server says why).
 */
export const Concentrators = defineListScreen({
  path: CONCENTRATORS_PATH,
  testId: 'concentrators',
  texts: listTexts('concentrators'),
  filters,
  fetch: (query) => listConcentrators({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.concentratorId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="number" label={t('concentrators.number')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="communication"
        label={t('concentrators.communication')}
        placeholder={t('concentrators.allCommunications')}
        options={COMMUNICATION_STATES.map((value) => ({
          value,
          label: t(`concentrators.communications.${value}`),
        }))}
      />
    </>
  ),
  columns: ({ t, language }) => [
    column.accessor('number', { header: t('concentrators.number') }),
    column.accessor('manufacturer', {
      header: t('concentrators.manufacturer'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('communication', {
      header: t('concentrators.communication'),
      cell: (c) => {
        const { lastSeenAt } = c.row.original;
        return (
          <Group gap={6} wrap="nowrap">
            <Badge color={c.getValue() === 'online' ? 'teal' : 'gray'} variant="dot">
              {t(`concentrators.communications.${c.getValue()}`)}
            </Badge>
            <Tooltip
              label={
                lastSeenAt
                  ? t('concentrators.lastSeenAt', { time: time(lastSeenAt) })
                  : t('concentrators.neverSeen')
              }
            >
              <Text size="xs" c="dimmed">
                {lastSeenAt ? relativeTime(lastSeenAt, language) : t('concentrators.neverSeen')}
              </Text>
            </Tooltip>
          </Group>
        );
      },
    }),
    column.accessor('meterCount', { header: t('concentrators.meterCount') }),
    column.accessor('remark', { header: t('concentrators.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('createTime', { header: t('concentrators.createTime'), cell: (c) => time(c.getValue()) }),
    column.accessor('statusChangeTime', {
      header: t('concentrators.statusChangeTime'),
      cell: (c) => time(c.getValue()),
    }),
  ],
  editRow: editRowOf<ConcentratorView>('concentrators', 'device:concentrator:edit', (row) => row.number),
  remove: ({ t }) => ({
    permission: ['device:concentrator:remove'],
    ...removalTexts<ConcentratorView>(t, 'concentrators', (row) => ({ name: row.number })),
    run: (rows) => deleteConcentrators(rows.map((row) => row.concentratorId)),
  }),
  export: {
    permission: 'device:concentrator:export',
    run: (query) => exportConcentrators(filterOf(query)),
  },
  minWidth: 1000,
  create: ({ t }) => ({ label: t('concentrators.new'), permission: ['device:concentrator:add'] }),
  form: ({ row, close, saved }, { t }) => (
    <ConcentratorForm
      concentrator={row}
      onClose={close}
      onSaved={(created) => {
        saved();
        if (created) void showKey(t, created.number, created.key);
      }}
    />
  ),
});
