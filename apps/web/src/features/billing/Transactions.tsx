import { TRANSACTION_TYPES, type TransactionType, type TransactionView } from '@hydrolog/schemas';
import { z } from 'zod';
import {
  defineListScreen,
  listColumns,
  listTexts,
  OptionFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { MinuteTime } from '../../components/TableCells.tsx';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { exportTransactions, listTransactions } from './api/surcharges.ts';

/** The route of this page (menu catalogue component 'business/trade/index'). */
export const TRANSACTIONS_PATH = '/bill/trade';

const column = listColumns<TransactionView>();
const filters = z.object({
  accountNo: filterField.text(50),
  type: filterField.option(TRANSACTION_TYPES),
  beginTime: filterField.date(),
  endTime: filterField.date(),
});
const filterOf = (query: z.infer<typeof filters>) => ({
  accountNo: query.accountNo || undefined,
  type: (query.type || undefined) as TransactionType | undefined,
  beginTime: query.beginTime || undefined,
  endTime: query.endTime || undefined,
});
/** Recharges and refunds name their pay channel; the other movements name what they paid. */
const PAY_CHANNELS = ['0', '1', '2', '3'] as const;

/** Bills and transactions / Transactions: every movement of an account's money with the balance after it. */
export const Transactions = defineListScreen({
  path: TRANSACTIONS_PATH,
  testId: 'transactions',
  texts: listTexts('transactions'),
  filters,
  fetch: (query) => listTransactions({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.transactionId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="accountNo" label={t('transactions.accountNo')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="type"
        label={t('transactions.type')}
        placeholder={t('transactions.allTypes')}
        options={TRANSACTION_TYPES.map((value) => ({ value, label: t(`transactions.types.${value}`) }))}
      />
      <TextFilter bar={bar} name="beginTime" label={t('transactions.beginTime')} date />
      <TextFilter bar={bar} name="endTime" label={t('transactions.endTime')} date />
    </>
  ),
  columns: ({ t, language }) => {
    const money = (n: number) => formatNumber(n, language, 2);
    return [
      column.accessor('accountNo', { header: t('transactions.accountNo'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('customerName', {
        header: t('transactions.customerName'),
        cell: (c) => c.getValue() ?? '',
      }),
      column.accessor('type', {
        header: t('transactions.type'),
        cell: (c) => t(`transactions.types.${c.getValue()}`),
      }),
      column.accessor('amount', { header: t('transactions.amount'), cell: (c) => money(c.getValue()) }),
      column.accessor('balanceChange', {
        header: t('transactions.balanceChange'),
        cell: (c) => money(c.getValue()),
      }),
      column.accessor('balanceAfter', {
        header: t('transactions.balanceAfter'),
        cell: (c) => money(c.getValue()),
      }),
      column.accessor('operator', { header: t('transactions.operator'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('reference', {
        header: t('transactions.reference'),
        cell: (c) => {
          const reference = c.getValue() ?? '';
          const { type } = c.row.original;
          return (type === 'recharge' || type === 'refund') &&
            (PAY_CHANNELS as readonly string[]).includes(reference)
            ? t(`customers.payChannels.${reference as (typeof PAY_CHANNELS)[number]}`)
            : reference;
        },
      }),
      column.accessor('createTime', {
        header: t('transactions.createTime'),
        cell: (c) => <MinuteTime value={c.getValue()} />,
      }),
    ];
  },
  export: { permission: 'business:trade:export', run: (query) => exportTransactions(filterOf(query)) },
  minWidth: 1100,
});
