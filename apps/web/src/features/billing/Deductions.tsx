import type { DeductionView } from '@hydrolog/schemas';
import { z } from 'zod';
import { defineListScreen, listColumns, listTexts, TextFilter } from '../../components/ListScreen.tsx';
import { MinuteTime } from '../../components/TableCells.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { listDeductions, runDeduction } from './api/billing.ts';

/** The route of this page (menu catalogue component 'business/deduction/index'). */
export const DEDUCTIONS_PATH = '/bill/deduction';

const column = listColumns<DeductionView>();
const filters = z.object({
  accountNo: filterField.text(50),
  beginTime: filterField.date(),
  endTime: filterField.date(),
});

/** Bills and transactions / Deduction: the days prepaid accounts paid for from their balance. */
export const Deductions = defineListScreen({
  path: DEDUCTIONS_PATH,
  testId: 'deductions',
  texts: { ...listTexts('deductions'), intro: 'deductions.intro' },
  filters,
  fetch: (query) =>
    listDeductions({
      ...pageParams(query),
      accountNo: query.accountNo || undefined,
      beginTime: query.beginTime || undefined,
      endTime: query.endTime || undefined,
    }),
  rowId: (row) => `${row.customerId}:${row.day}`,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="accountNo" label={t('deductions.accountNo')} maxLength={50} />
      <TextFilter bar={bar} name="beginTime" label={t('deductions.beginTime')} date />
      <TextFilter bar={bar} name="endTime" label={t('deductions.endTime')} date />
    </>
  ),
  actions: ({ t, list, language }) => [
    {
      label: t('deductions.run'),
      permission: ['business:deduction:deduct'],
      testId: 'deductions-run',
      onClick: async () => {
        const ran = await confirmAndRun(
          {
            title: t('deductions.runTitle'),
            message: t('deductions.runConfirm'),
            confirm: t('deductions.run'),
          },
          runDeduction,
          (run) =>
            t('deductions.ran', {
              days: run.days,
              accounts: run.accounts,
              amount: formatNumber(run.amount, language, 2),
              valves: run.valvesClosed,
            }),
        );
        if (ran) list.load();
      },
    },
  ],
  columns: ({ t, language }) => {
    const money = (n: number) => formatNumber(n, language, 2);
    return [
      column.accessor('day', { header: t('deductions.day') }),
      column.accessor('accountNo', { header: t('deductions.accountNo'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('customerName', {
        header: t('deductions.customerName'),
        cell: (c) => c.getValue() ?? '',
      }),
      column.accessor('meterNo', { header: t('deductions.meterNo'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('volume', {
        header: t('deductions.volume'),
        cell: (c) => formatNumber(c.getValue(), language, 3),
      }),
      column.accessor('amount', { header: t('deductions.amount'), cell: (c) => money(c.getValue()) }),
      column.accessor('balanceAfter', {
        header: t('deductions.balanceAfter'),
        cell: (c) => money(c.getValue()),
      }),
      column.accessor('valveClosed', {
        header: t('deductions.valveClosed'),
        cell: (c) => (c.getValue() ? t('deductions.yes') : ''),
      }),
      column.accessor('createTime', {
        header: t('transactions.createTime'),
        cell: (c) => <MinuteTime value={c.getValue()} />,
      }),
    ];
  },
  minWidth: 1000,
});
