import {
  type CustomerRow,
  type RechargeBody,
  rechargeFormSchema,
  type TransferBody,
  transferFormSchema,
} from '@hydrolog/schemas';
import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { changePriceScheme, getCustomer, recharge, refund, transferAccount } from './api/customers.ts';
import { usePriceSchemes } from './usePriceSchemes.ts';

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

/**
 * A dialog's one action: busy meanwhile; once done, a green notice and `onDone` (a refusal is shown by the
 * request layer, and the dialog stays open).
 */
function useDialogAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      notifications.show({ color: 'green', message: done });
      onDone();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
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
  const { busy, run } = useDialogAction(onDone);
  const amount = formatNumber(customer.balance, i18n.language, 2);
  const submit = () =>
    run(
      () => refund({ accountNo: customer.accountNo, payChannel }),
      t('customers.refunded', { amount, accountNo: customer.accountNo }),
    );

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

/**
 * The account's water is charged at another scheme from today; a postpaid account's running period closes
 * with a tariff renewal bill at the scheme it had.
 */
export function PriceSchemeDialog({ customer, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const schemes = usePriceSchemes();
  const [priceSchemeId, setPriceSchemeId] = useState<string | null>(null);
  const { busy, run } = useDialogAction(onDone);
  useEffect(() => {
    getCustomer(customer.customerId).then(
      (account) => setPriceSchemeId((chosen) => chosen ?? account.priceSchemeId),
      () => undefined,
    );
  }, [customer.customerId]);

  const submit = async () => {
    if (!priceSchemeId) return;
    await run(
      () => changePriceScheme({ customerId: customer.customerId, version: customer.version, priceSchemeId }),
      t('customers.priceSchemeChanged', { accountNo: customer.accountNo }),
    );
  };

  return (
    <FormDialog
      title={t('customers.priceSchemeTitle', { accountNo: customer.accountNo })}
      testId="price-scheme-form"
      busy={busy}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text>{t('customers.priceSchemeText')}</Text>
      <Select
        label={t('customers.priceScheme')}
        withAsterisk
        data-autofocus
        allowDeselect={false}
        data={schemes.map((s) => ({ value: s.priceSchemeId, label: s.name }))}
        placeholder={schemes.length ? undefined : t('customers.priceSchemeNone')}
        value={priceSchemeId}
        onChange={setPriceSchemeId}
      />
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
