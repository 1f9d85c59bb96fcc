import { type CarrierView, countryByCode } from '@hydrolog/schemas';
import { Button, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, figureColumns, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { deleteCarriers, listCarriers } from './api/platform.ts';
import { CarrierForm } from './CarrierForm.tsx';
import {
  type CarrierQuery,
  COUNTRY_OPTIONS,
  carrierListQuery,
  EMPTY_CARRIER_FILTERS,
  parseCarrierQuery,
} from './platformQuery.ts';

/** The route of this page (menu catalogue component 'tenant/carrier/index'). */
export const CARRIERS_PATH = '/tenant/carrier';

const fetchCarriers = (query: CarrierQuery) => listCarriers(carrierListQuery(query));
const features = tableFeatures({});
const column = createColumnHelper<typeof features, CarrierView>();
const NO_ROWS: CarrierView[] = [];

/** Tenants / Mobile carriers: country, area code and text message length of each operator. */
export function Carriers() {
  const { t } = useTranslation();
  const list = useListPage({
    path: CARRIERS_PATH,
    parse: parseCarrierQuery,
    empty: EMPTY_CARRIER_FILTERS,
    fetch: fetchCarriers,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [editing, setEditing] = useState<CarrierView | 'new' | null>(null);

  async function remove(carrier: CarrierView) {
    const done = await confirmAndRun(
      {
        title: t('carriers.removeTitle'),
        message: t('carriers.removeConfirm', { name: carrier.carrierName }),
        confirm: t('actions.remove'),
      },
      () => deleteCarriers([carrier.carrierId]),
      t('carriers.removed', { name: carrier.carrierName }),
    );
    if (done) list.removed(1);
  }

  const columns = column.columns([
    column.accessor('carrierName', { header: () => t('carriers.carrierName') }),
    column.accessor('country', {
      header: () => t('carriers.country'),
      cell: (c) => countryByCode(c.getValue())?.name ?? c.getValue(),
    }),
    column.accessor('areaCode', { header: () => t('carriers.areaCode') }),
    column.accessor('smsLength', { header: () => t('carriers.smsLength') }),
    column.accessor('remark', { header: () => t('carriers.remark'), cell: (c) => c.getValue() ?? '' }),
    column.display({
      id: 'actions',
      header: () => t('carriers.actions'),
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <HasPermi value={['tenant:carrier:edit']}>
            <RowAction
              label={t('actions.edit')}
              ariaLabel={t('carriers.editOf', { name: c.row.original.carrierName })}
              icon="edit"
              onClick={() => setEditing(c.row.original)}
            />
          </HasPermi>
          <HasPermi value={['tenant:carrier:remove']}>
            <RowAction
              label={t('actions.remove')}
              ariaLabel={t('carriers.removeOf', { name: c.row.original.carrierName })}
              icon="trash"
              color="red"
              onClick={() => void remove(c.row.original)}
            />
          </HasPermi>
        </Group>
      ),
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? NO_ROWS,
    getRowId: (row) => row.carrierId,
  });

  return (
    <Card withBorder data-testid="carriers-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('carriers.title')}</Title>
        <HasPermi value={['tenant:carrier:add']}>
          <Button onClick={() => setEditing('new')}>{t('carriers.new')}</Button>
        </HasPermi>
      </Group>
      <FilterBar testId="carriers-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('carriers.carrierName')}
          value={filters.carrierName}
          maxLength={50}
          onChange={(e) => setFilter('carrierName', e.currentTarget.value)}
        />
        <Select
          label={t('carriers.country')}
          w={240}
          placeholder={t('carriers.allCountries')}
          clearable
          searchable
          data={COUNTRY_OPTIONS}
          value={filters.country || null}
          onChange={(value) => setFilter('country', value ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('carriers.empty')}
        testId="carriers-table"
        cellStyle={figureColumns('smsLength')}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('carriers.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <CarrierForm
          carrier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
