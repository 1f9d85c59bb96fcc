import { type ThirdPartyView, thirdPartyBodySchema, updateThirdPartyBodySchema } from '@hydrolog/schemas';
import { Button, Card, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, figureColumns, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AgentMovements } from './AgentMovements.tsx';
import { createThirdParty, deleteThirdParties, listThirdParties, updateThirdParty } from './api/platform.ts';
import {
  EMPTY_THIRD_PARTY_FILTERS,
  parseThirdPartyQuery,
  type ThirdPartyQuery,
  thirdPartyListQuery,
} from './platformQuery.ts';

/** The route of this page (menu catalogue component 'tenant/thirdParty/index'). */
export const THIRD_PARTIES_PATH = '/tenant/thirdParty';

const fetchThirdParties = (query: ThirdPartyQuery) => listThirdParties(thirdPartyListQuery(query));
const features = tableFeatures({});
const column = createColumnHelper<typeof features, ThirdPartyView>();
const NO_ROWS: ThirdPartyView[] = [];

/** Tenants / Third-party platforms: code and name, and the agent recharges made through each. */
export function ThirdParties() {
  const { t, i18n } = useTranslation();
  const list = useListPage({
    path: THIRD_PARTIES_PATH,
    parse: parseThirdPartyQuery,
    empty: EMPTY_THIRD_PARTY_FILTERS,
    fetch: fetchThirdParties,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [editing, setEditing] = useState<ThirdPartyView | 'new' | null>(null);
  const [records, setRecords] = useState<ThirdPartyView | null>(null);

  async function remove(platform: ThirdPartyView) {
    const done = await confirmAndRun(
      {
        title: t('thirdParties.removeTitle'),
        message: t('thirdParties.removeConfirm', { name: platform.name }),
        confirm: t('actions.remove'),
      },
      () => deleteThirdParties([platform.thirdPartyId]),
      t('thirdParties.removed', { name: platform.name }),
    );
    if (done) list.removed(1);
  }

  const columns = column.columns([
    column.accessor('code', { header: () => t('thirdParties.code') }),
    column.accessor('name', { header: () => t('thirdParties.name') }),
    column.accessor('rechargeCount', { header: () => t('thirdParties.rechargeCount') }),
    column.accessor('rechargeTotal', {
      header: () => t('thirdParties.rechargeTotal'),
      cell: (c) => formatNumber(c.getValue(), i18n.language, 2),
    }),
    column.display({
      id: 'actions',
      header: () => t('thirdParties.actions'),
      cell: (c) => {
        const platform = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['tenant:thirdParty:query']}>
              <RowAction
                label={t('thirdParties.records')}
                ariaLabel={t('thirdParties.recordsOf', { name: platform.name })}
                icon="receipt"
                onClick={() => setRecords(platform)}
              />
            </HasPermi>
            <HasPermi value={['tenant:thirdParty:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('thirdParties.editOf', { name: platform.name })}
                icon="edit"
                onClick={() => setEditing(platform)}
              />
            </HasPermi>
            <HasPermi value={['tenant:thirdParty:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('thirdParties.removeOf', { name: platform.name })}
                icon="trash"
                color="red"
                onClick={() => void remove(platform)}
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
    getRowId: (row) => row.thirdPartyId,
  });

  return (
    <Card withBorder data-testid="third-parties-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('thirdParties.title')}</Title>
        <HasPermi value={['tenant:thirdParty:add']}>
          <Button onClick={() => setEditing('new')}>{t('thirdParties.new')}</Button>
        </HasPermi>
      </Group>
      <FilterBar testId="third-parties-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('thirdParties.code')}
          value={filters.code}
          maxLength={30}
          onChange={(e) => setFilter('code', e.currentTarget.value)}
        />
        <TextInput
          label={t('thirdParties.name')}
          value={filters.name}
          maxLength={50}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('thirdParties.empty')}
        testId="third-parties-table"
        cellStyle={figureColumns('rechargeCount', 'rechargeTotal')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('thirdParties.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <ThirdPartyForm
          platform={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      {records && <AgentMovements thirdParty={records} onClose={() => setRecords(null)} />}
    </Card>
  );
}

interface Values extends Record<string, unknown> {
  thirdPartyId?: string;
  code: string;
  name: string;
}

function ThirdPartyForm({
  platform,
  onClose,
  onSaved,
}: {
  platform: ThirdPartyView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(platform ? updateThirdPartyBodySchema : thirdPartyBodySchema, {
    thirdPartyId: platform?.thirdPartyId,
    code: platform?.code ?? '',
    name: platform?.name ?? '',
  });
  async function submit() {
    const saved = await form.submit(async (data) => {
      if (platform) await updateThirdParty(data as Parameters<typeof updateThirdParty>[0]);
      else await createThirdParty(data as Parameters<typeof createThirdParty>[0]);
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('thirdParties.saved') });
    onSaved();
  }
  return (
    <Modal opened onClose={onClose} title={t(platform ? 'thirdParties.edit' : 'thirdParties.new')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('thirdParties.code')}
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.text('code')}
          />
          <TextInput label={t('thirdParties.name')} withAsterisk autoComplete="off" {...form.text('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
