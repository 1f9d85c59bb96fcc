import { CUSTOMER_SORT_COLUMNS, type CustomerRow, type CustomerTypeView } from '@hydrolog/schemas';
import { Button, Card, EmptyState, Group, Select, TextInput } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import {
  FilterBar,
  figureColumns,
  ListHeader,
  ListPager,
  ListTable,
  type listFeatures,
  RowAction,
  useListTable,
} from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { customerAction, customerTypeOptions, exportCustomers, listCustomers } from './api/customers.ts';
import { CommandBadge, StatusBadge } from './CustomerBadges.tsx';
import { CustomerDetail } from './CustomerDetail.tsx';
import { RechargeDialog, RefundDialog, TransferDialog } from './CustomerDialogs.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import { CustomerImport } from './CustomerImport.tsx';
import {
  CUSTOMER_STATUSES,
  type CustomerQuery,
  customerFilter,
  EMPTY_CUSTOMER_FILTERS,
  isCustomerFiltered,
  parseCustomerQuery,
} from './customerQuery.ts';

/** The route of this page (menu catalogue component 'business/customer/index'). */
export const CUSTOMERS_PATH = '/customer/account';
/** While a valve command of the page is on its way, the list looks again this often. */
const REFRESH_MS = 3000;

const fetchCustomers = (query: CustomerQuery) =>
  listCustomers({ ...pageParams(query), ...customerFilter(query) });
const column = createColumnHelper<typeof listFeatures, CustomerRow>();

type Dialog =
  | { kind: 'open' | 'import' }
  | { kind: 'detail'; customerId: string }
  | { kind: 'recharge' | 'refund' | 'transfer'; customer: CustomerRow };

/**
 * Customers / Accounts: open one or a batch, freeze, unfreeze, close (confirmed, irreversible), transfer,
 * recharge and refund; the valve command a freeze sends is followed live in the list and the detail.
 */
export function Customers() {
  const { t, i18n } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: CUSTOMERS_PATH,
    parse: parseCustomerQuery,
    empty: EMPTY_CUSTOMER_FILTERS,
    fetch: fetchCustomers,
  });
  const { query, filters, setFilter, data, loading, load } = list;
  const [types, setTypes] = useState<CustomerTypeView[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  useEffect(() => {
    customerTypeOptions().then(setTypes, () => setTypes([]));
  }, []);

  const pending = data?.rows.some((r) => r.lastValveCommand?.status === 'sending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(load, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, load]);

  async function act(action: 'freeze' | 'unfreeze' | 'cancel', customer: CustomerRow) {
    const names = { accountNo: customer.accountNo, name: customer.name };
    const done = await confirmAndRun(
      {
        title: t(`customers.${action}Title`),
        message: t(`customers.${action}Confirm`, names),
        confirm: t(`actions.${action}`),
      },
      () => customerAction(action, customer.customerId, customer.version),
      t(
        `customers.${action === 'cancel' ? 'cancelled' : action === 'freeze' ? 'frozen' : 'unfrozen'}`,
        names,
      ),
    );
    if (done) load();
  }

  const columns = column.columns([
    column.accessor('accountNo', { header: t('customers.accountNo') }),
    column.accessor('name', { header: t('customers.name') }),
    column.accessor('phone', { header: t('customers.phone') }),
    column.accessor('customerTypeName', {
      header: t('customers.type'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('meterNo', { header: t('customers.meterNo') }),
    column.accessor('balance', {
      header: t('customers.balance'),
      cell: (c) => formatNumber(c.getValue(), i18n.language, 2),
    }),
    column.accessor('status', {
      header: t('customers.status'),
      cell: (c) => <StatusBadge status={c.getValue()} />,
    }),
    column.accessor('lastValveCommand', {
      header: t('customers.valve'),
      cell: (c) => {
        const command = c.getValue();
        return command ? <CommandBadge command={command} /> : null;
      },
    }),
    column.accessor('openTime', {
      header: t('customers.openTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
    column.display({
      id: 'actions',
      header: t('customers.actions'),
      cell: (c) => {
        const customer = c.row.original;
        const names = { accountNo: customer.accountNo };
        const open = customer.status !== 'cancelled';
        return (
          <Group gap={4} wrap="nowrap">
            <RowAction
              label={t('customers.detail')}
              ariaLabel={t('customers.detailOf', names)}
              icon="eye"
              onClick={() => setDialog({ kind: 'detail', customerId: customer.customerId })}
            />
            {open && customer.status === 'active' && hasPermi(['business:customer:freeze']) && (
              <RowAction
                label={t('actions.freeze')}
                ariaLabel={t('customers.freezeOf', names)}
                icon="pause"
                onClick={() => void act('freeze', customer)}
              />
            )}
            {customer.status === 'frozen' && hasPermi(['business:customer:unfreeze']) && (
              <RowAction
                label={t('actions.unfreeze')}
                ariaLabel={t('customers.unfreezeOf', names)}
                icon="play"
                onClick={() => void act('unfreeze', customer)}
              />
            )}
            {open && hasPermi(['business:recharge:recharge']) && (
              <RowAction
                label={t('actions.recharge')}
                ariaLabel={t('customers.rechargeOf', names)}
                icon="coin"
                onClick={() => setDialog({ kind: 'recharge', customer })}
              />
            )}
            {open && customer.balance > 0 && hasPermi(['business:recharge:refund']) && (
              <RowAction
                label={t('actions.refund')}
                ariaLabel={t('customers.refundOf', names)}
                icon="wallet"
                onClick={() => setDialog({ kind: 'refund', customer })}
              />
            )}
            {open && hasPermi(['business:customer:transfer']) && (
              <RowAction
                label={t('actions.transfer')}
                ariaLabel={t('customers.transferOf', names)}
                icon="user"
                onClick={() => setDialog({ kind: 'transfer', customer })}
              />
            )}
            {open && hasPermi(['business:customer:cancel']) && (
              <RowAction
                label={t('actions.cancel')}
                ariaLabel={t('customers.cancelOf', names)}
                icon="ban"
                color="red"
                onClick={() => void act('cancel', customer)}
              />
            )}
          </Group>
        );
      },
    }),
  ]);
  const table = useListTable('customers-table', {
    columns,
    rows: data?.rows,
    getRowId: (row) => row.customerId,
  });

  const close = () => setDialog(null);
  const closeAndLoad = () => {
    setDialog(null);
    load();
  };

  return (
    <Card withBorder data-testid="customers-page">
      <ListHeader
        title={t('customers.title')}
        table={table}
        testId="customers-table"
        exportPermission="business:customer:export"
        exportFile={() => exportCustomers({ ...customerFilter(query), ...sortParams(query) })}
      >
        <HasPermi value={['business:customer:import']}>
          <Button variant="light" onClick={() => setDialog({ kind: 'import' })}>
            {t('customers.batchOpen')}
          </Button>
        </HasPermi>
        <HasPermi value={['business:customer:add']}>
          <Button onClick={() => setDialog({ kind: 'open' })}>{t('customers.open')}</Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="customers-filter" onSearch={list.search} onReset={list.reset}>
        <TextInput
          label={t('customers.accountNo')}
          w={140}
          value={filters.accountNo}
          maxLength={32}
          onChange={(e) => setFilter('accountNo', e.currentTarget.value)}
        />
        <TextInput
          label={t('customers.name')}
          w={140}
          value={filters.name}
          maxLength={20}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
        <TextInput
          label={t('customers.phone')}
          w={140}
          value={filters.phone}
          maxLength={11}
          onChange={(e) => setFilter('phone', e.currentTarget.value)}
        />
        <TextInput
          label={t('customers.meterNo')}
          w={140}
          value={filters.meterNo}
          maxLength={32}
          onChange={(e) => setFilter('meterNo', e.currentTarget.value)}
        />
        <Select
          label={t('customers.type')}
          w={160}
          placeholder={t('customers.allTypes')}
          clearable
          data={types.map((type) => ({ value: type.customerTypeId, label: type.name }))}
          value={filters.customerTypeId || null}
          onChange={(value) => setFilter('customerTypeId', value ?? '')}
        />
        <Select
          label={t('customers.status')}
          w={140}
          placeholder={t('customers.allStatuses')}
          clearable
          data={CUSTOMER_STATUSES.map((v) => ({ value: v, label: t(`customers.statuses.${v}`) }))}
          value={filters.status || null}
          onChange={(value) => setFilter('status', CUSTOMER_STATUSES.find((s) => s === value) ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        cellStyle={figureColumns('balance')}
        empty={
          isCustomerFiltered(query) ? (
            t('customers.empty')
          ) : (
            <EmptyState
              py="lg"
              icon={<Icon name="users" size={32} />}
              title={t('customers.emptyTitle')}
              description={t('customers.emptyText')}
            />
          )
        }
        testId="customers-table"
        minWidth={1200}
        sortable={CUSTOMER_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('customers.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {dialog?.kind === 'open' && <CustomerForm types={types} onClose={close} onSaved={closeAndLoad} />}
      {dialog?.kind === 'import' && <CustomerImport types={types} onClose={close} onOpened={load} />}
      {dialog?.kind === 'detail' && <CustomerDetail customerId={dialog.customerId} onClose={close} />}
      {dialog?.kind === 'recharge' && (
        <RechargeDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />
      )}
      {dialog?.kind === 'refund' && (
        <RefundDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />
      )}
    </Card>
  );
}
