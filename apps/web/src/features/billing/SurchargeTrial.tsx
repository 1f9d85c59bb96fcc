import {
  type ChargingItemBody,
  type SurchargeTrial,
  type SurchargeTrialBody,
  surchargeTrialBodySchema,
} from '@hydrolog/schemas';
import { Group, NumberInput, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import { surchargeTrial } from './api/surcharges.ts';

interface TrialValues extends Record<string, unknown> {
  surchargeSchemeId?: string;
  items?: ChargingItemBody[];
  amount: number;
  volume: number;
}

/** A saved scheme, or the charging items of a form not saved yet. */
export type SurchargeTrialSource = { name: string } & (
  | { surchargeSchemeId: string }
  | { items: ChargingItemBody[] }
);

/** The trial calculation of surcharges: a payment and the volume it buys, then each item's charge. */
export function SurchargeTrialDialog({ source, onClose }: { source: SurchargeTrialSource; onClose(): void }) {
  const { t } = useTranslation();
  const [trial, setTrial] = useState<SurchargeTrial | null>(null);
  const form = useSchemaForm<TrialValues, SurchargeTrialBody>(surchargeTrialBodySchema, {
    ...('surchargeSchemeId' in source
      ? { surchargeSchemeId: source.surchargeSchemeId }
      : { items: source.items }),
    amount: 100,
    volume: 10,
  });
  return (
    <FormDialog
      title={t('surcharges.trialOf', { name: source.name })}
      size="lg"
      busy={form.busy}
      submitLabel={t('surcharges.calculate')}
      testId="surcharge-trial"
      onClose={onClose}
      onSubmit={() => form.submit(async (body) => setTrial(await surchargeTrial(body)))}
    >
      <Group grow align="flex-start">
        <NumberInput
          label={t('surcharges.paymentAmount')}
          min={0}
          decimalScale={2}
          data-autofocus
          {...form.number('amount')}
        />
        <NumberInput label={t('surcharges.volume')} min={0} decimalScale={3} {...form.number('volume')} />
      </Group>
      {trial && <SurchargeLines trial={trial} />}
    </FormDialog>
  );
}

/** Surcharge lines (a trial's, or a bill's surcharges): each item's net, VAT rate, VAT and total. */
export function SurchargeLines({ trial }: { trial: SurchargeTrial }) {
  const { t, i18n } = useTranslation();
  const currency = session.use().info?.currencyUnit ?? '';
  const money = (amount: number) =>
    `${formatNumber(amount, i18n.language, 2)}${currency ? ` ${currency}` : ''}`;
  return (
    <Table data-testid="surcharge-trial-lines" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('surcharges.itemName')}</Table.Th>
          <Table.Th ta="right">{t('surcharges.net')}</Table.Th>
          <Table.Th ta="right">{t('surcharges.vatRate')}</Table.Th>
          <Table.Th ta="right">{t('surcharges.vat')}</Table.Th>
          <Table.Th ta="right">{t('surcharges.total')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trial.lines.map((line, i) => (
          <Table.Tr key={i}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td ta="right">{money(line.net)}</Table.Td>
            <Table.Td ta="right">{formatNumber(line.vatRate, i18n.language, 0, 2)}</Table.Td>
            <Table.Td ta="right">{money(line.vat)}</Table.Td>
            <Table.Td ta="right">{money(line.total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={4}>{t('surcharges.total')}</Table.Th>
          <Table.Th ta="right" data-testid="surcharge-trial-total">
            {money(trial.total)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
