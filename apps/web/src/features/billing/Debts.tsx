import { DEBT_TYPES, type DebtType, type DebtView } from '@hydrolog/schemas';
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
import { exportDebts, listDebts } from './api/surcharges.ts';
import { AddDebtForm, DebtRecordDialog, type DebtStep, DebtStepDialog } from './DebtDialogs.tsx';

/** The route of this page (menu catalogue component 'business/debt/index'). */
export const DEBTS_PATH = '/price/debt';

const column = listColumns<DebtView>();
const filters = z.object({ accountNo: filterField.text(50), debtType: filterField.option(DEBT_TYPES) });
const filterOf = (query: z.infer<typeof filters>) => ({
  accountNo: query.accountNo || undefined,
  debtType: (query.debtType || undefined) as DebtType | undefined,
});

/** Prices and billing / Debts: add a debt, plan its repayment, pay it at the counter, and read its record. */
export const Debts = defineListScreen({
  path: DEBTS_PATH,
  testId: 'debts',
  texts: listTexts('debts'),
  filters,
  fetch: (query) => listDebts({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.debtId,
  usePage: (list) => ({ step: useListDialog<DebtStep>(list), record: useListDialog<DebtView>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="accountNo" label={t('debts.accountNo')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="debtType"
        label={t('debts.debtType')}
        placeholder={t('debts.allTypes')}
        options={DEBT_TYPES.map((value) => ({ value, label: t(`debts.debtTypes.${value}`) }))}
      />
    </>
  ),
  columns: ({ t, language }) => {
    const money = (n: number | null) => (n === null ? '' : formatNumber(n, language, 2));
    return [
      column.accessor('accountNo', { header: t('debts.accountNo'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('customerName', { header: t('debts.customerName'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('debtType', {
        header: t('debts.debtType'),
        cell: (c) => t(`debts.debtTypes.${c.getValue()}`),
      }),
      column.accessor('feeName', { header: t('debts.feeName') }),
      column.accessor('debtAmount', { header: t('debts.debtAmount'), cell: (c) => money(c.getValue()) }),
      column.accessor('residualDebt', { header: t('debts.residualDebt'), cell: (c) => money(c.getValue()) }),
      column.accessor('deductions', { header: t('debts.deductions'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('remainingDeductions', {
        header: t('debts.remainingDeductions'),
        cell: (c) => c.getValue() ?? '',
      }),
      column.accessor('instalment', { header: t('debts.instalment'), cell: (c) => money(c.getValue()) }),
      column.accessor('operator', { header: t('debts.operator') }),
      column.accessor('createTime', {
        header: t('debts.createTime'),
        cell: (c) => <MinuteTime value={c.getValue()} />,
      }),
    ];
  },
  rowActions: (debt, { t, page }) => {
    const name = `${debt.accountNo ?? ''} ${debt.feeName}`.trim();
    const open = debt.residualDebt > 0;
    return [
      ...(open
        ? [
            {
              label: t('debts.plan'),
              ariaLabel: t('debts.planOf', { name }),
              icon: 'clock',
              permission: ['business:debt:plan'],
              onClick: () => page.step.open({ kind: 'plan', debt }),
            },
            {
              label: t('debts.pay'),
              ariaLabel: t('debts.payOf', { name }),
              icon: 'wallet',
              permission: ['business:debt:pay'],
              onClick: () => page.step.open({ kind: 'pay', debt }),
            },
          ]
        : []),
      {
        label: t('debts.record'),
        ariaLabel: t('debts.recordOf', { name }),
        icon: 'receipt',
        permission: ['business:debt:query'],
        onClick: () => page.record.open(debt),
      },
    ];
  },
  export: { permission: 'business:debt:export', run: (query) => exportDebts(filterOf(query)) },
  minWidth: 1100,
  create: ({ t }) => ({ label: t('debts.new'), permission: ['business:debt:add'] }),
  form: ({ close, saved }) => <AddDebtForm onClose={close} onSaved={saved} />,
  dialogs: ({ page: { step, record } }) => (
    <>
      {step.value && <DebtStepDialog step={step.value} onClose={step.close} onSaved={step.saved} />}
      {record.value && <DebtRecordDialog debt={record.value} onClose={record.close} />}
    </>
  ),
});
