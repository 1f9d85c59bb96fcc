import { BILL_STATES, BILL_TYPES, type BillState, type BillType, type BillView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { z } from 'zod';
import {
  defineListScreen,
  listColumns,
  listTexts,
  OptionFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { MinuteTime } from '../../components/TableCells.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { exportBills, listBills } from './api/bills.ts';
import { BillDetailDialog, CorrectBillDialog, PayBillDialog, RunBillsDialog } from './BillDialogs.tsx';

/** The route of this page (menu catalogue component 'business/bill/index'). */
export const BILLS_PATH = '/bill/bill';

const column = listColumns<BillView>();
const filters = z.object({
  accountNo: filterField.text(50),
  period: filterField.text(7),
  type: filterField.option(BILL_TYPES),
  state: filterField.option(BILL_STATES),
});
const filterOf = (query: z.infer<typeof filters>) => ({
  accountNo: query.accountNo || undefined,
  period: /^\d{4}-\d{2}$/.test(query.period) ? query.period : undefined,
  type: (query.type || undefined) as BillType | undefined,
  state: (query.state || undefined) as BillState | undefined,
});

/**
 * Bills and transactions / Bills: each postpaid account's bill per billing period with its lines; the bill
 * run on demand; paying a bill from the balance or at the counter; correcting a bill with a new one.
 */
export const Bills = defineListScreen({
  path: BILLS_PATH,
  testId: 'bills',
  texts: listTexts('bills'),
  filters,
  fetch: (query) => listBills({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.billId,
  usePage: (list) => ({
    run: useListDialog<true>(list),
    pay: useListDialog<BillView>(list),
    correct: useListDialog<BillView>(list),
    detail: useListDialog<string>(list),
  }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="accountNo" label={t('bills.accountNo')} maxLength={50} />
      <TextFilter bar={bar} name="period" label={t('bills.periodMonth')} maxLength={7} w={120} />
      <OptionFilter
        bar={bar}
        name="type"
        label={t('bills.type')}
        placeholder={t('bills.allTypes')}
        options={BILL_TYPES.map((value) => ({ value, label: t(`bills.types.${value}`) }))}
      />
      <OptionFilter
        bar={bar}
        name="state"
        label={t('bills.state')}
        placeholder={t('bills.allStates')}
        options={BILL_STATES.map((value) => ({ value, label: t(`bills.states.${value}`) }))}
      />
    </>
  ),
  columns: ({ t, language }) => {
    const money = (n: number) => formatNumber(n, language, 2);
    return [
      column.accessor('accountNo', { header: t('bills.accountNo') }),
      column.accessor('customerName', { header: t('bills.customerName'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('priceSchemeName', { header: t('bills.priceScheme'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('periodFrom', {
        header: t('bills.period'),
        cell: (c) => `${c.getValue()} – ${c.row.original.periodTo}`,
      }),
      column.accessor('type', {
        header: t('bills.type'),
        cell: (c) => (
          <>
            {t(`bills.types.${c.getValue()}`)}
            {c.row.original.correctsBillId !== null && (
              <Badge ml={4} size="xs" color="grape" variant="light">
                {t('bills.correction')}
              </Badge>
            )}
            {c.row.original.noReading && (
              <Badge ml={4} size="xs" color="gray" variant="light">
                {t('bills.noReading')}
              </Badge>
            )}
          </>
        ),
      }),
      column.accessor('volume', {
        header: t('bills.volume'),
        cell: (c) => formatNumber(c.getValue(), language, 3),
      }),
      column.accessor('amount', { header: t('bills.amount'), cell: (c) => money(c.getValue()) }),
      column.accessor('state', {
        header: t('bills.state'),
        cell: (c) => (
          <Badge color={c.getValue() === 'paid' ? 'teal' : 'orange'} variant="light">
            {t(`bills.states.${c.getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor('paymentMethod', {
        header: t('bills.paymentMethod'),
        cell: (c) => {
          const method = c.getValue();
          return method ? t(`bills.methods.${method}`) : '';
        },
      }),
      column.accessor('createTime', {
        header: t('bills.createTime'),
        cell: (c) => <MinuteTime value={c.getValue()} />,
      }),
    ];
  },
  rowActions: (bill, { t, page }) => [
    {
      label: t('bills.detail'),
      ariaLabel: t('bills.detailOf', { accountNo: bill.accountNo, from: bill.periodFrom, to: bill.periodTo }),
      icon: 'receipt',
      permission: ['business:bill:query'],
      onClick: () => page.detail.open(bill.billId),
    },
    ...(bill.state === 'unpaid'
      ? [
          {
            label: t('bills.pay'),
            ariaLabel: t('bills.payOf', { accountNo: bill.accountNo }),
            icon: 'wallet',
            permission: ['business:bill:pay'],
            onClick: () => page.pay.open(bill),
          },
        ]
      : []),
    // A correction is corrected through the bill it corrects.
    ...(bill.correctsBillId === null
      ? [
          {
            label: t('bills.correct'),
            ariaLabel: t('bills.correctOf', { accountNo: bill.accountNo }),
            icon: 'edit',
            permission: ['business:bill:correct'],
            onClick: () => page.correct.open(bill),
          },
        ]
      : []),
  ],
  actions: ({ t, page }) => [
    {
      label: t('bills.run'),
      permission: ['business:bill:run'],
      testId: 'bill-run',
      onClick: () => page.run.open(true),
    },
  ],
  export: { permission: 'business:bill:export', run: (query) => exportBills(filterOf(query)) },
  minWidth: 1200,
  dialogs: ({ list, page: { run, pay, correct, detail } }) => (
    <>
      {run.value && <RunBillsDialog onClose={run.close} onDone={list.load} />}
      {pay.value && <PayBillDialog bill={pay.value} onClose={pay.close} onPaid={pay.saved} />}
      {correct.value && (
        <CorrectBillDialog bill={correct.value} onClose={correct.close} onCorrected={correct.saved} />
      )}
      {detail.value && <BillDetailDialog billId={detail.value} onClose={detail.close} />}
    </>
  ),
});
