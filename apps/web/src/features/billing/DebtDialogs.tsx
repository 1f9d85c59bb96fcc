import {
  DEBT_TYPES,
  type DebtBody,
  type DebtRecordView,
  type DebtType,
  type DebtView,
  debtBodySchema,
  debtPaymentBodySchema,
  debtPlanBodySchema,
} from '@hydrolog/schemas';
import { Modal, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { MinuteTime } from '../../components/TableCells.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AccountSelect } from './AccountSelect.tsx';
import { addDebt, listDebtRecords, payDebt, planDebt } from './api/surcharges.ts';

interface DebtValues extends Record<string, unknown> {
  customerId: string;
  debtType: DebtType;
  feeName: string;
  amount: number;
}

/** Adds a debt to an account. */
export function AddDebtForm(props: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const form = useSchemaForm<DebtValues, DebtBody>(debtBodySchema, {
    customerId: '',
    debtType: 'water',
    feeName: '',
    amount: 0,
  });
  return (
    <FormDialog
      title={t('debts.new')}
      busy={form.busy}
      testId="debt-form"
      onClose={props.onClose}
      onSubmit={() => form.save(addDebt, t('debts.added'), props.onSaved)}
    >
      <AccountSelect
        label={t('debts.account')}
        value={form.values.customerId}
        error={form.errors.customerId}
        onChange={(id) => form.set('customerId', id)}
      />
      <Select
        label={t('debts.debtType')}
        withAsterisk
        allowDeselect={false}
        data={DEBT_TYPES.map((value) => ({ value, label: t(`debts.debtTypes.${value}`) }))}
        value={form.values.debtType}
        onChange={(value) => form.set('debtType', (value ?? 'water') as DebtType)}
        error={form.errors.debtType}
      />
      <TextInput label={t('debts.feeName')} withAsterisk maxLength={50} {...form.text('feeName')} />
      <NumberInput
        label={t('debts.debtAmount')}
        withAsterisk
        min={0}
        decimalScale={2}
        {...form.number('amount')}
      />
    </FormDialog>
  );
}

/** A step on a debt: its repayment plan (a number of deductions) or a payment at the counter. */
export type DebtStep = { kind: 'plan' | 'pay'; debt: DebtView };

interface StepValues extends Record<string, unknown> {
  debtId: string;
  deductions: number;
  amount: number;
}

/** The one dialog of both steps on a debt: what is owed, then the plan's deductions or the amount paid. */
export function DebtStepDialog({
  step,
  onClose,
  onSaved,
}: {
  step: DebtStep;
  onClose(): void;
  onSaved(): void;
}) {
  const { t, i18n } = useTranslation();
  const { debt, kind } = step;
  const plan = kind === 'plan';
  const form = useSchemaForm<StepValues, { debtId: string; deductions?: number; amount?: number }>(
    plan ? debtPlanBodySchema : debtPaymentBodySchema,
    { debtId: debt.debtId, deductions: debt.remainingDeductions || 1, amount: debt.residualDebt },
  );
  const name = `${debt.accountNo ?? ''} ${debt.feeName}`.trim();
  async function submit() {
    await form.submit(async (body) => {
      const after = plan
        ? await planDebt({ debtId: body.debtId, deductions: body.deductions ?? 0 })
        : await payDebt({ debtId: body.debtId, amount: body.amount ?? 0 });
      notifications.show({
        color: 'green',
        message: plan
          ? t('debts.planned')
          : t('debts.paid', { residual: formatNumber(after.residualDebt, i18n.language, 2) }),
      });
      onSaved();
    });
  }
  return (
    <FormDialog
      title={t(plan ? 'debts.planOf' : 'debts.payOf', { name })}
      busy={form.busy}
      testId={plan ? 'debt-plan' : 'debt-pay'}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm">
        {t('debts.residualDebt')}: {formatNumber(debt.residualDebt, i18n.language, 2)}
      </Text>
      {plan ? (
        <NumberInput
          label={t('debts.deductions')}
          withAsterisk
          min={1}
          max={120}
          allowDecimal={false}
          data-autofocus
          {...form.number('deductions')}
        />
      ) : (
        <NumberInput
          label={t('debts.paymentAmount')}
          withAsterisk
          min={0}
          decimalScale={2}
          data-autofocus
          {...form.number('amount')}
        />
      )}
    </FormDialog>
  );
}

/** The record of a debt: each transaction, what it paid and what was left after it. */
export function DebtRecordDialog({ debt, onClose }: { debt: DebtView; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<DebtRecordView[] | null>(null);
  useEffect(() => {
    listDebtRecords({ pageNum: 1, pageSize: 50, debtId: debt.debtId })
      .then((answer) => setRows(answer.rows))
      .catch(() => setRows([]));
  }, [debt.debtId]);
  const money = (n: number) => formatNumber(n, i18n.language, 2);
  return (
    <Modal opened onClose={onClose} size="xl" title={t('debts.recordOf', { name: debt.feeName })}>
      {rows && rows.length === 0 && <Text c="dimmed">{t('debts.recordEmpty')}</Text>}
      {rows && rows.length > 0 && (
        <Table data-testid="debt-record" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('debts.kind')}</Table.Th>
              <Table.Th ta="right">{t('debts.amount')}</Table.Th>
              <Table.Th ta="right">{t('debts.remainingDebt')}</Table.Th>
              <Table.Th ta="right">{t('debts.remainingDeductions')}</Table.Th>
              <Table.Th>{t('debts.operator')}</Table.Th>
              <Table.Th>{t('debts.createTime')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={i}>
                <Table.Td>{t(`debts.kinds.${row.kind}`)}</Table.Td>
                <Table.Td ta="right">
                  {row.kind === 'paid'
                    ? money(row.amount)
                    : row.kind === 'added'
                      ? money(row.debtAmount)
                      : ''}
                </Table.Td>
                <Table.Td ta="right">{money(row.remainingDebt)}</Table.Td>
                <Table.Td ta="right">{row.remainingDeductions ?? ''}</Table.Td>
                <Table.Td>{row.operator}</Table.Td>
                <Table.Td>
                  <MinuteTime value={row.createTime} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
