import {
  type BillCorrectBody,
  type BillDetail,
  type BillPaymentMethod,
  type BillRunResult,
  type BillView,
  billCorrectBodySchema,
  CORRECTION_REASON_MAX,
} from '@hydrolog/schemas';
import {
  Alert,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import { correctBill, getBill, payBill, runBills } from './api/bills.ts';
import { TrialLines } from './PriceTrial.tsx';
import { SurchargeLines } from './SurchargeTrial.tsx';

/** An amount in the tenant's currency. */
function useMoney() {
  const { i18n } = useTranslation();
  const currency = session.use().info?.currencyUnit ?? '';
  return (amount: number) => `${formatNumber(amount, i18n.language, 2)}${currency ? ` ${currency}` : ''}`;
}

/**
 * The bill run on demand: a day of the period to bill (empty: the last that ended), confirmed, then what it
 * did. Accounts already billed for the period are passed over, so running it again is harmless.
 */
export function RunBillsDialog(props: { onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BillRunResult | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      setResult(await runBills(day || undefined));
      props.onDone();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={t('bills.runTitle')}
      busy={busy}
      submitLabel={t('bills.run')}
      closeOnly={result ? t('bills.close') : undefined}
      testId="bill-run-form"
      onClose={props.onClose}
      onSubmit={result ? props.onClose : run}
    >
      {result ? (
        <Alert color="teal" data-testid="bill-run-result">
          {t('bills.runResult', { ...result, amount: money(result.amount) })}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t('bills.runConfirm')}</Text>
          <TextInput
            type="date"
            label={t('bills.runDay')}
            description={t('bills.runDayHint')}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            disabled={busy}
          />
          {busy && (
            <Text size="sm" c="dimmed" data-testid="bill-run-progress">
              <Loader size="xs" mr="xs" />
              {t('bills.running')}
            </Text>
          )}
        </>
      )}
    </FormDialog>
  );
}

/** Pays a bill in full, out of the account balance or at the counter, once confirmed. */
export function PayBillDialog(props: { bill: BillView; onClose(): void; onPaid(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { bill } = props;
  const [method, setMethod] = useState<BillPaymentMethod>('balance');
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      await payBill(bill.billId, method);
      notifications.show({ color: 'green', message: t('bills.paid') });
      props.onPaid();
    } catch {
      // The request layer has shown why ('Account balance insufficient').
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={t('bills.payOf', { accountNo: bill.accountNo })}
      busy={busy}
      submitLabel={t('bills.pay')}
      testId="bill-pay-form"
      onClose={props.onClose}
      onSubmit={pay}
    >
      <Text size="sm">
        {t('bills.payConfirm', {
          amount: money(bill.amount),
          accountNo: bill.accountNo,
          from: bill.periodFrom,
          to: bill.periodTo,
        })}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('bills.payMethod')}
        </Text>
        <SegmentedControl
          value={method}
          onChange={(value) => setMethod(value as BillPaymentMethod)}
          data={(['balance', 'counter'] as const).map((value) => ({
            value,
            label: t(`bills.methods.${value}`),
          }))}
        />
      </Stack>
    </FormDialog>
  );
}

interface CorrectionValues extends Record<string, unknown> {
  billId: string;
  amount: number;
  reason: string;
}

/**
 * Corrects a bill with a new bill: an adjustment (negative: credited to the balance) and why. The text says
 * that the bill itself stays as it is before anything is issued.
 */
export function CorrectBillDialog(props: { bill: BillView; onClose(): void; onCorrected(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { bill } = props;
  const form = useSchemaForm<CorrectionValues, BillCorrectBody>(billCorrectBodySchema, {
    billId: bill.billId,
    amount: 0,
    reason: '',
  });
  return (
    <FormDialog
      title={t('bills.correctOf', { accountNo: bill.accountNo })}
      busy={form.busy}
      submitLabel={t('bills.correct')}
      testId="bill-correct-form"
      onClose={props.onClose}
      onSubmit={() => form.save(correctBill, t('bills.corrected'), props.onCorrected)}
    >
      <Text size="sm">
        {t('bills.correctConfirm', {
          accountNo: bill.accountNo,
          from: bill.periodFrom,
          to: bill.periodTo,
          amount: money(bill.amount),
        })}
      </Text>
      <NumberInput
        label={t('bills.correctAmount')}
        description={t('bills.correctAmountHint')}
        withAsterisk
        decimalScale={2}
        {...form.number('amount')}
      />
      <Textarea
        label={t('bills.correctReason')}
        withAsterisk
        maxLength={CORRECTION_REASON_MAX}
        autosize
        minRows={2}
        {...form.text('reason')}
      />
    </FormDialog>
  );
}

/** A bill with its parts (each with its lines), and the meters and readings it used. */
export function BillDetailDialog(props: { billId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [bill, setBill] = useState<BillDetail | null>(null);
  useEffect(() => {
    getBill(props.billId)
      .then(setBill)
      .catch(() => undefined);
  }, [props.billId]);
  const reading = (value: number | null) => (value === null ? '' : formatNumber(value, i18n.language, 3));
  return (
    <FormDialog
      title={
        bill
          ? t('bills.detailOf', { accountNo: bill.accountNo, from: bill.periodFrom, to: bill.periodTo })
          : t('bills.detail')
      }
      size="lg"
      busy={false}
      closeOnly={t('bills.close')}
      testId="bill-detail"
      onClose={props.onClose}
      onSubmit={props.onClose}
    >
      {!bill ? (
        <Loader />
      ) : (
        <Stack>
          <Text size="sm">
            {t(`bills.types.${bill.type}`)} · {t(`bills.states.${bill.state}`)}
            {bill.noReading ? ` · ${t('bills.noReading')}` : ''} · {t('bills.volume')}:{' '}
            {formatNumber(bill.volume, i18n.language, 3)} · {t('bills.accumulatedVolume')}:{' '}
            {formatNumber(bill.accumulatedVolume, i18n.language, 3)}
          </Text>
          {bill.adjustment && (
            <Alert color="gray" title={t('bills.correction')} data-testid="bill-adjustment">
              {t('bills.correctionDetail', {
                amount: money(bill.adjustment.amount),
                reason: bill.adjustment.reason,
              })}
            </Alert>
          )}
          {bill.parts.map((part) => (
            <Stack key={part.from} gap={4}>
              <Title order={6}>
                {t(`bills.partTypes.${part.type}`)}:{' '}
                {t('bills.part', { from: part.from, to: part.to, effectiveFrom: part.effectiveFrom })}
              </Title>
              <TrialLines trial={part} />
            </Stack>
          ))}
          {bill.surcharges.lines.length > 0 && (
            <Stack gap={4}>
              <Title order={6}>{t('bills.surcharges')}</Title>
              <SurchargeLines trial={bill.surcharges} />
            </Stack>
          )}
          <Title order={6}>{t('bills.meters')}</Title>
          <Table data-testid="bill-meters" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bills.meterNo')}</Table.Th>
                <Table.Th ta="right">{t('bills.startReading')}</Table.Th>
                <Table.Th ta="right">{t('bills.endReading')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.meters.map((m) => (
                <Table.Tr key={m.meterId}>
                  <Table.Td>{m.meterNo}</Table.Td>
                  <Table.Td ta="right">{reading(m.startReading)}</Table.Td>
                  <Table.Td ta="right">{reading(m.endReading)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </FormDialog>
  );
}
