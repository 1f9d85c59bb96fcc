import { CUSTOMER_SORT_COLUMNS, type CustomerRow } from '@hydrolog/schemas';
import { useState } from 'react';
import { z } from 'zod';
import {
  defineListScreen,
  listColumns,
  listTexts,
  StatusFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import {
  accountStateColumns,
  CUSTOMER_STATUSES,
  listCustomers,
  RechargeDialog,
  RefundDialog,
  useValveCommandRefresh,
} from '../customers/index.ts';

/** The route of this page (menu catalogue component 'business/recharge/index'). */
export const RECHARGES_PATH = '/bill/recharge';

const column = listColumns<CustomerRow>();
const filters = z.object({
  accountNo: filterField.text(32),
  name: filterField.text(20),
  meterNo: filterField.text(32),
  status: filterField.option(CUSTOMER_STATUSES),
});

type Dialog = { kind: 'recharge' | 'refund'; customer: CustomerRow };

/**
 * Bills and transactions / Recharge and refund: the accounts with their balance and valve, each recharged or
 * refunded in place (the same use cases as on the accounts page).
 */
export const Recharges = defineListScreen({
  path: RECHARGES_PATH,
  testId: 'recharges',
  texts: { ...listTexts('recharges'), intro: 'recharges.intro' },
  filters,
  sortable: CUSTOMER_SORT_COLUMNS,
  fetch: (query) =>
    listCustomers({
      ...pageParams(query),
      accountNo: query.accountNo || undefined,
      name: query.name || undefined,
      meterNo: query.meterNo || undefined,
      status: query.status || undefined,
    }),
  rowId: (row) => row.customerId,
  usePage: (list) => {
    useValveCommandRefresh(list);
    const [dialog, setDialog] = useState<Dialog | null>(null);
    return { dialog, setDialog };
  },
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="accountNo" label={t('customers.accountNo')} w={140} maxLength={32} />
      <TextFilter bar={bar} name="name" label={t('customers.name')} w={140} maxLength={20} />
      <TextFilter bar={bar} name="meterNo" label={t('customers.meterNo')} w={140} maxLength={32} />
      <StatusFilter bar={bar} group="customers" statuses={CUSTOMER_STATUSES} w={140} />
    </>
  ),
  columns: ({ t, language, list }) => [
    column.accessor('accountNo', { header: t('customers.accountNo') }),
    column.accessor('name', { header: t('customers.name') }),
    column.accessor('meterNo', { header: t('customers.meterNo') }),
    ...accountStateColumns({ t, language, list }),
  ],
  rowActions: (customer, { t, page }) => {
    if (customer.status === 'cancelled') return [];
    const names = { accountNo: customer.accountNo };
    return [
      {
        label: t('actions.recharge'),
        ariaLabel: t('customers.rechargeOf', names),
        icon: 'coin',
        permission: ['business:recharge:recharge'],
        onClick: () => page.setDialog({ kind: 'recharge', customer }),
      },
      ...(customer.balance > 0
        ? [
            {
              label: t('actions.refund'),
              ariaLabel: t('customers.refundOf', names),
              icon: 'wallet',
              permission: ['business:recharge:refund'],
              onClick: () => page.setDialog({ kind: 'refund', customer }),
            },
          ]
        : []),
    ];
  },
  cellStyle: figureColumns('balance'),
  minWidth: 900,
  dialogs: ({ list, page: { dialog, setDialog } }) => {
    const close = () => setDialog(null);
    const done = () => {
      setDialog(null);
      list.load();
    };
    if (dialog?.kind === 'recharge')
      return <RechargeDialog customer={dialog.customer} onClose={close} onDone={done} />;
    if (dialog?.kind === 'refund')
      return <RefundDialog customer={dialog.customer} onClose={close} onDone={done} />;
    return null;
  },
});
