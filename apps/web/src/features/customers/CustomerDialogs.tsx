import {
  type CustomerRow,
  type RechargeBody,
  rechargeFormSchema,
  type TransferBody,
  transferFormSchema,
} from '@hydrolog/schemas';
import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { recharge, refund, transferAccount } from './api/customers.ts';

const PAY_CHANNELS = ['0', '1', '2', '3'] as const;
type PayChannel = (typeof PAY_CHANNELS)[number];

interface Props {
  customer: CustomerRow;
  onClose(): void;
  onDone(): void;
}

function PayChannelSelect({ value, onChange }: { value: PayChannel; onChange(value: PayChannel): void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('customers.payChannel')}
      allowDeselect={false}
      data={PAY_CHANNELS.map((v) => ({ value: v, label: t(`customers.payChannels.${v}`) }))}
      value={value}
      onChange={(v) => onChange(PAY_CHANNELS.find((c) => c === v) ?? '3')}
    />
  );
}

/** Money onto the account: above zero, two decimals (the shared schema). */
export function RechargeDialog({ customer, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<
    { accountNo: string; amount: number | undefined; payChannel: PayChannel },
    RechargeBody
  >(rechargeFormSchema, { accountNo: customer.accountNo, amount: undefined, payChannel: '3' });

  async function submit() {
    if (!(await form.submit(recharge))) return;
    notifications.show({
      color: 'green',
      message: t('customers.recharged', { accountNo: customer.accountNo }),
    });
    onDone();
  }

  return (
    <FormDialog
      title={t('customers.rechargeTitle', { accountNo: customer.accountNo })}
      testId="recharge-form"
      busy={form.busy}
      submitLabel={t('actions.recharge')}
      onClose={onClose}
      onSubmit={submit}
    >
      <NumberInput
        label={t('customers.amount')}
        withAsterisk
        data-autofocus
        decimalScale={2}
        min={0}
        hideControls
        value={form.values.amount ?? ''}
        onChange={(v) => form.set('amount', typeof v === 'number' ? v : undefined)}
        error={form.errors.amount}
      />
      <PayChannelSelect value={form.values.payChannel} onChange={(v) => form.set('payChannel', v)} />
    </FormDialog>
  );
}

/** The whole remaining balance goes back to the holder. */
export function RefundDialog({ customer, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [payChannel, setPayChannel] = useState<PayChannel>('3');
  const [busy, setBusy] = useState(false);
  const amount = formatNumber(customer.balance, i18n.language, 2);

  async function submit() {
    setBusy(true);
    try {
      await refund({ accountNo: customer.accountNo, payChannel });
      notifications.show({
        color: 'green',
        message: t('customers.refunded', { amount, accountNo: customer.accountNo }),
      });
      onDone();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={t('customers.refundTitle', { accountNo: customer.accountNo })}
      testId="refund-form"
      busy={busy}
      submitLabel={t('actions.refund')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text>{t('customers.refundText', { amount, name: customer.name })}</Text>
      <PayChannelSelect value={payChannel} onChange={setPayChannel} />
    </FormDialog>
  );
}

type TransferValues = Record<string, unknown> & {
  customerId: string;
  version: number;
  name: string;
  phone: string;
  idType: '0' | '1';
  idNumber: string;
  address: string;
  nature: '0' | '1' | '2';
};

/** The account passes to a new holder; its number, meter and balance stay. */
export function TransferDialog({ customer, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<TransferValues, TransferBody>(transferFormSchema, {
    customerId: customer.customerId,
    version: customer.version,
    name: '',
    phone: '',
    idType: '0',
    idNumber: '',
    address: '',
    nature: '0',
  });

  async function submit() {
    if (!(await form.submit(transferAccount))) return;
    notifications.show({
      color: 'green',
      message: t('customers.transferred', { accountNo: customer.accountNo }),
    });
    onDone();
  }

  return (
    <FormDialog
      title={t('customers.transferTitle', { accountNo: customer.accountNo })}
      size="lg"
      testId="transfer-form"
      busy={form.busy}
      submitLabel={t('actions.transfer')}
      onClose={onClose}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('customers.name')} withAsterisk data-autofocus {...form.text('name')} />
        <TextInput label={t('customers.phone')} withAsterisk {...form.text('phone')} />
        <Select
          label={t('customers.idType')}
          allowDeselect={false}
          data={(['0', '1'] as const).map((v) => ({ value: v, label: t(`customers.idTypes.${v}`) }))}
          value={form.values.idType}
          onChange={(v) => form.set('idType', v === '1' ? '1' : '0')}
        />
        <TextInput label={t('customers.idNumber')} {...form.text('idNumber')} />
      </SimpleGrid>
      <TextInput label={t('customers.address')} {...form.text('address')} />
    </FormDialog>
  );
}
