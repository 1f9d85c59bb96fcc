import {
  type CustomerTypeView,
  type FreeMeter,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type OpenAccount,
  openAccountFormSchema,
} from '@hydrolog/schemas';
import {
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/request.ts';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { session } from '../../store/session.ts';
import { freeMeters, openAccount, uploadAttachment } from './api/customers.ts';
import { meterSearchOf } from './customerQuery.ts';
import { usePriceSchemes } from './usePriceSchemes.ts';

interface Props {
  types: readonly CustomerTypeView[];
  onClose(): void;
  onSaved(): void;
}

type Values = Record<string, unknown> & {
  accountNo: string;
  name: string;
  phone: string;
  idType: '0' | '1';
  idNumber: string;
  address: string;
  nature: '0' | '1' | '2';
  companyName: string;
  creditCode: string;
  legalRepresentative: string;
  customerTypeId: string;
  priceSchemeId: string;
  meterId: string;
  waterUse: 'domestic' | 'commercial' | 'industrial' | 'public';
  businessMode: 'prepaid' | 'postpaid';
  countVolume: boolean;
  billing: boolean;
  payChannel: '0' | '1' | '2' | '3';
  purchaseLimit: number | undefined;
  arrearsCloseThreshold: number | undefined;
  balanceThreshold: number | undefined;
  agentInfo: string;
  remarks: string;
  attachments: string[];
  openedOn: string;
};

const INITIAL: Values = {
  accountNo: '',
  name: '',
  phone: '',
  idType: '0',
  idNumber: '',
  address: '',
  nature: '0',
  companyName: '',
  creditCode: '',
  legalRepresentative: '',
  customerTypeId: '',
  priceSchemeId: '',
  meterId: '',
  waterUse: 'domestic',
  businessMode: 'prepaid',
  countVolume: true,
  billing: true,
  payChannel: '3',
  purchaseLimit: undefined,
  arrearsCloseThreshold: undefined,
  balanceThreshold: undefined,
  agentInfo: '',
  remarks: '',
  attachments: [],
  openedOn: '',
};

const WATER_USES = ['domestic', 'commercial', 'industrial', 'public'] as const;
const PAY_CHANNELS = ['0', '1', '2', '3'] as const;
const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((o) => o === value) ?? fallback;

/** What the meter picker shows for a meter; once picked, it is also the picker's search text. */
const meterLabel = (meter: FreeMeter) => `${meter.meterNo} · ${meter.meterTypeName}`;

/** The meter picker: the tenant's meters without an account, searched by number on the server. */
function useFreeMeters(text: string) {
  const [meters, setMeters] = useState<FreeMeter[]>([]);
  // A label picked, edited or any text typed searches by what its meter number can be: never refused.
  const search = meterSearchOf(text);
  useEffect(() => {
    const timer = setTimeout(() => {
      freeMeters(search).then(setMeters, () => setMeters([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);
  return meters;
}

/** Open an account with a meter; validated in the browser with the server's schema. */
export function CustomerForm({ types, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, OpenAccount>(openAccountFormSchema, INITIAL);
  const { values, set } = form;
  const [meterSearch, setMeterSearch] = useState('');
  const [picked, setPicked] = useState<FreeMeter | null>(null);
  const meters = useFreeMeters(meterSearch);
  const schemes = usePriceSchemes();
  // The tenant numbers accounts by hand unless its settings generate them (the server refuses a blank one).
  const manualAccountNos = (session.use().info?.tenant.settings.accountNoGenMode ?? 'manual') === 'manual';
  const [uploading, setUploading] = useState(false);

  async function attach(file: File | null) {
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > IMAGE_MAX_BYTES) {
      showError(t('customers.attachmentHint'));
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadAttachment(file);
      set('attachments', [...values.attachments, url]);
    } catch {
      // shown by the request layer
    } finally {
      setUploading(false);
    }
  }

  async function submit() {
    let accountNo = '';
    const required: FieldErrors =
      manualAccountNos && !values.accountNo.trim()
        ? { accountNo: t('error.customer.accountNoRequired') }
        : {};
    const saved = await form.submit(async (data) => {
      accountNo = (await openAccount(data)).accountNo;
    }, required);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('customers.opened', { accountNo }) });
    onSaved();
  }

  const meterOptions = [
    ...(picked && !meters.some((m) => m.meterId === picked.meterId) ? [picked] : []),
    ...meters,
  ];
  const money = (key: 'purchaseLimit' | 'arrearsCloseThreshold' | 'balanceThreshold') => ({
    value: values[key] ?? '',
    onChange: (value: number | string) => set(key, typeof value === 'number' ? value : undefined),
    error: form.errors[key],
    decimalScale: 2,
    min: 0,
    hideControls: true,
  });

  return (
    <Modal opened onClose={onClose} title={t('customers.open')} size="xl">
      <SubmitForm testId="customer-form" onSubmit={submit}>
        <Stack>
          <Text fw={600}>{t('customers.holder')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('customers.name')} withAsterisk data-autofocus {...form.text('name')} />
            <TextInput
              label={t('customers.phone')}
              withAsterisk
              inputMode="numeric"
              {...form.text('phone')}
            />
            <Select
              label={t('customers.idType')}
              allowDeselect={false}
              data={(['0', '1'] as const).map((v) => ({ value: v, label: t(`customers.idTypes.${v}`) }))}
              value={values.idType}
              onChange={(v) => set('idType', v === '1' ? '1' : '0')}
            />
            <TextInput label={t('customers.idNumber')} inputMode="numeric" {...form.text('idNumber')} />
          </SimpleGrid>
          <TextInput label={t('customers.address')} {...form.text('address')} />
          <SegmentedField
            label={t('customers.nature')}
            options={(['0', '1', '2'] as const).map((v) => ({
              value: v,
              label: t(`customers.natures.${v}`),
            }))}
            value={values.nature}
            onChange={(v) => set('nature', v)}
          />
          {values.nature === '1' && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('customers.companyName')} withAsterisk {...form.text('companyName')} />
              <TextInput label={t('customers.creditCode')} withAsterisk {...form.text('creditCode')} />
              <TextInput
                label={t('customers.legalRepresentative')}
                withAsterisk
                {...form.text('legalRepresentative')}
              />
            </SimpleGrid>
          )}
          <Text fw={600}>{t('customers.account')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('customers.accountNo')}
              required={manualAccountNos}
              description={t(manualAccountNos ? 'customers.accountNoManual' : 'customers.accountNoAuto')}
              {...form.text('accountNo')}
            />
            <Select
              label={t('customers.type')}
              withAsterisk
              data={types.map((type) => ({ value: type.customerTypeId, label: type.name }))}
              value={values.customerTypeId || null}
              onChange={(v) => set('customerTypeId', v ?? '')}
              error={form.errors.customerTypeId}
            />
            <Select
              label={t('customers.meter')}
              withAsterisk
              searchable
              placeholder={t('customers.meterPick')}
              nothingFoundMessage={t('customers.meterNone')}
              data-testid="customer-meter"
              filter={({ options }) => options}
              searchValue={meterSearch}
              onSearchChange={setMeterSearch}
              data={meterOptions.map((m) => ({ value: m.meterId, label: meterLabel(m) }))}
              value={values.meterId || null}
              onChange={(v) => {
                const meter = meterOptions.find((m) => m.meterId === v) ?? null;
                setPicked(meter);
                set('meterId', v ?? '');
                if (meter) set('businessMode', meter.billingMode);
              }}
              error={form.errors.meterId}
              description={picked?.valveControl ? t('customers.valveHint') : undefined}
            />
            <Select
              label={t('customers.waterUse')}
              allowDeselect={false}
              data={WATER_USES.map((v) => ({ value: v, label: t(`customers.waterUses.${v}`) }))}
              value={values.waterUse}
              onChange={(v) => set('waterUse', pick(WATER_USES, v, 'domestic'))}
            />
            <Select
              label={t('customers.businessMode')}
              allowDeselect={false}
              data={(['prepaid', 'postpaid'] as const).map((v) => ({
                value: v,
                label: t(`customers.businessModes.${v}`),
              }))}
              value={values.businessMode}
              onChange={(v) => set('businessMode', v === 'postpaid' ? 'postpaid' : 'prepaid')}
            />
            <Select
              label={t('customers.payChannel')}
              allowDeselect={false}
              data={PAY_CHANNELS.map((v) => ({ value: v, label: t(`customers.payChannels.${v}`) }))}
              value={values.payChannel}
              onChange={(v) => set('payChannel', pick(PAY_CHANNELS, v, '3'))}
            />
            <Select
              label={t('customers.priceScheme')}
              clearable
              searchable
              data={schemes.map((s) => ({ value: s.priceSchemeId, label: s.name }))}
              placeholder={schemes.length ? undefined : t('customers.priceSchemeNone')}
              disabled={schemes.length === 0}
              value={values.priceSchemeId || null}
              onChange={(v) => set('priceSchemeId', v ?? '')}
              error={form.errors.priceSchemeId}
            />
            <NumberInput label={t('customers.purchaseLimit')} {...money('purchaseLimit')} />
            <NumberInput label={t('customers.arrearsCloseThreshold')} {...money('arrearsCloseThreshold')} />
            <NumberInput label={t('customers.balanceThreshold')} {...money('balanceThreshold')} />
            <TextInput label={t('customers.agentInfo')} {...form.text('agentInfo')} />
            <TextInput
              type="date"
              label={t('customers.openedOn')}
              description={t('customers.openedOnHint')}
              {...form.text('openedOn')}
            />
          </SimpleGrid>
          <Group>
            <Switch
              label={t('customers.countVolume')}
              checked={values.countVolume}
              onChange={(e) => set('countVolume', e.currentTarget.checked)}
            />
            <Switch
              label={t('customers.billing')}
              checked={values.billing}
              onChange={(e) => set('billing', e.currentTarget.checked)}
            />
          </Group>
          <Textarea
            label={t('customers.remarks')}
            autosize
            minRows={2}
            value={values.remarks}
            onChange={(e) => set('remarks', e.currentTarget.value)}
            error={form.errors.remarks}
          />
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('customers.attachments')}
              </Text>
              <FileButton onChange={(file) => void attach(file)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button {...props} size="xs" variant="light" loading={uploading}>
                    {t('actions.import')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('customers.attachmentHint')}
              </Text>
            </Group>
            <Group gap="xs">
              {values.attachments.map((url) => (
                <Badge
                  key={url}
                  variant="light"
                  rightSection={
                    <CloseButton
                      size="xs"
                      onClick={() =>
                        set(
                          'attachments',
                          values.attachments.filter((a) => a !== url),
                        )
                      }
                    />
                  }
                >
                  {url.split('/').pop()}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('customers.open')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
