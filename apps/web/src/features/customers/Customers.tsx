import { CUSTOMER_SORT_COLUMNS, type CustomerRow, type CustomerTypeView } from '@hydrolog/schemas';
import { EmptyState } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import {
  defineListScreen,
  listColumns,
  listTexts,
  OptionFilter,
  StatusFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { accountStateColumns, useValveCommandRefresh } from './accountColumns.tsx';
import { customerAction, customerTypeOptions, exportCustomers, listCustomers } from './api/customers.ts';
import { CustomerDetail } from './CustomerDetail.tsx';
import { PriceSchemeDialog, RechargeDialog, RefundDialog, TransferDialog } from './CustomerDialogs.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import { CustomerImport } from './CustomerImport.tsx';
import { CUSTOMER_STATUSES, customerFilter, customerFilters } from './customerQuery.ts';

/** The route of this page (menu catalogue component 'business/customer/index'). */
export const CUSTOMERS_PATH = '/customer/account';

const column = listColumns<CustomerRow>();

type Dialog =
  | { kind: 'open' | 'import' }
  | { kind: 'detail'; customerId: string }
  | { kind: 'recharge' | 'refund' | 'transfer' | 'priceScheme'; customer: CustomerRow };

function act(t: TFunction, action: 'freeze' | 'unfreeze' | 'cancel', customer: CustomerRow) {
  const names = { accountNo: customer.accountNo, name: customer.name };
  return confirmAndRun(
    {
      title: t(`customers.${action}Title`),
      message: t(`customers.${action}Confirm`, names),
      confirm: t(`actions.${action}`),
    },
    () => customerAction(action, customer.customerId, customer.version),
    t(`customers.${action === 'cancel' ? 'cancelled' : action === 'freeze' ? 'frozen' : 'unfrozen'}`, names),
  );
}

/**
 * Customers / Accounts: open one or a batch, freeze, unfreeze, close (confirmed, irreversible), transfer,
 * change the price scheme, recharge and refund; the valve command a freeze sends is followed live in the list and the detail.
 */
export const Customers = defineListScreen({
  path: CUSTOMERS_PATH,
  testId: 'customers',
  texts: listTexts('customers'),
  filters: customerFilters,
  sortable: CUSTOMER_SORT_COLUMNS,
  fetch: (query) => listCustomers({ ...pageParams(query), ...customerFilter(query) }),
  rowId: (row) => row.customerId,
  usePage: (list) => {
    const [types, setTypes] = useState<CustomerTypeView[]>([]);
    const [dialog, setDialog] = useState<Dialog | null>(null);
    useEffect(() => {
      customerTypeOptions().then(setTypes, () => setTypes([]));
    }, []);
    useValveCommandRefresh(list);
    return { types, dialog, setDialog };
  },
  filterBar: (bar, { t, page }) => (
    <>
      <TextFilter bar={bar} name="accountNo" label={t('customers.accountNo')} w={140} maxLength={32} />
      <TextFilter bar={bar} name="name" label={t('customers.name')} w={140} maxLength={20} />
      <TextFilter bar={bar} name="phone" label={t('customers.phone')} w={140} maxLength={11} />
      <TextFilter bar={bar} name="meterNo" label={t('customers.meterNo')} w={140} maxLength={32} />
      <OptionFilter
        bar={bar}
        name="customerTypeId"
        label={t('customers.type')}
        placeholder={t('customers.allTypes')}
        options={page.types.map((type) => ({ value: type.customerTypeId, label: type.name }))}
      />
      <StatusFilter bar={bar} group="customers" statuses={CUSTOMER_STATUSES} w={140} />
    </>
  ),
  columns: ({ t, language, list }) => [
    column.accessor('accountNo', { header: t('customers.accountNo') }),
    column.accessor('name', { header: t('customers.name') }),
    column.accessor('phone', { header: t('customers.phone') }),
    column.accessor('customerTypeName', { header: t('customers.type'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('meterNo', { header: t('customers.meterNo') }),
    ...accountStateColumns({ t, language, list }),
    column.accessor('openTime', {
      header: t('customers.openTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
  ],
  rowActions: (customer, { t, list, page }) => {
    const names = { accountNo: customer.accountNo };
    const open = customer.status !== 'cancelled';
    const run = (action: 'freeze' | 'unfreeze' | 'cancel') => async () => {
      if (await act(t, action, customer)) list.load();
    };
    const when = <T,>(shown: boolean, item: T): T[] => (shown ? [item] : []);
    return [
      {
        label: t('customers.detail'),
        ariaLabel: t('customers.detailOf', names),
        icon: 'eye',
        onClick: () => page.setDialog({ kind: 'detail', customerId: customer.customerId }),
      },
      ...when(customer.status === 'active', {
        label: t('actions.freeze'),
        ariaLabel: t('customers.freezeOf', names),
        icon: 'pause',
        permission: ['business:customer:freeze'],
        onClick: run('freeze'),
      }),
      ...when(customer.status === 'frozen', {
        label: t('actions.unfreeze'),
        ariaLabel: t('customers.unfreezeOf', names),
        icon: 'play',
        permission: ['business:customer:unfreeze'],
        onClick: run('unfreeze'),
      }),
      ...when(open, {
        label: t('actions.recharge'),
        ariaLabel: t('customers.rechargeOf', names),
        icon: 'coin',
        permission: ['business:recharge:recharge'],
        onClick: () => page.setDialog({ kind: 'recharge', customer }),
      }),
      ...when(open && customer.balance > 0, {
        label: t('actions.refund'),
        ariaLabel: t('customers.refundOf', names),
        icon: 'wallet',
        permission: ['business:recharge:refund'],
        onClick: () => page.setDialog({ kind: 'refund', customer }),
      }),
      ...when(open, {
        label: t('actions.transfer'),
        ariaLabel: t('customers.transferOf', names),
        icon: 'user',
        permission: ['business:customer:transfer'],
        onClick: () => page.setDialog({ kind: 'transfer', customer }),
      }),
      ...when(open, {
        label: t('customers.changePriceScheme'),
        ariaLabel: t('customers.changePriceSchemeOf', names),
        icon: 'receipt',
        permission: ['business:customer:edit'],
        onClick: () => page.setDialog({ kind: 'priceScheme', customer }),
      }),
      ...when(open, {
        label: t('actions.cancel'),
        ariaLabel: t('customers.cancelOf', names),
        icon: 'ban',
        color: 'red',
        permission: ['business:customer:cancel'],
        onClick: run('cancel'),
      }),
    ];
  },
  actions: ({ t, page }) => [
    {
      label: t('customers.batchOpen'),
      permission: ['business:customer:import'],
      variant: 'light',
      onClick: () => page.setDialog({ kind: 'import' }),
    },
    {
      label: t('customers.open'),
      permission: ['business:customer:add'],
      onClick: () => page.setDialog({ kind: 'open' }),
    },
  ],
  export: {
    permission: 'business:customer:export',
    run: (query) => exportCustomers({ ...customerFilter(query), ...sortParams(query) }),
  },
  firstUse: ({ t }) => (
    <EmptyState
      py="lg"
      icon={<Icon name="users" size={32} />}
      title={t('customers.emptyTitle')}
      description={t('customers.emptyText')}
    />
  ),
  cellStyle: figureColumns('balance'),
  minWidth: 1200,
  dialogs: ({ list, page: { types, dialog, setDialog } }) => {
    const close = () => setDialog(null);
    const closeAndLoad = () => {
      setDialog(null);
      list.load();
    };
    switch (dialog?.kind) {
      case 'open':
        return <CustomerForm types={types} onClose={close} onSaved={closeAndLoad} />;
      case 'import':
        return <CustomerImport types={types} onClose={close} onOpened={list.load} />;
      case 'detail':
        return <CustomerDetail customerId={dialog.customerId} onClose={close} />;
      case 'recharge':
        return <RechargeDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />;
      case 'refund':
        return <RefundDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />;
      case 'transfer':
        return <TransferDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />;
      case 'priceScheme':
        return <PriceSchemeDialog customer={dialog.customer} onClose={close} onDone={closeAndLoad} />;
      default:
        return null;
    }
  },
});
