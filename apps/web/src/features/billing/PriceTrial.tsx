import {
  type PriceSchemeBody,
  type PriceTrial,
  type PriceTrialBody,
  type PriceTrialLine,
  priceTrialBodySchema,
} from '@hydrolog/schemas';
import { Group, NumberInput, Table, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import { trialCalculation } from './api/billing.ts';

interface TrialValues extends Record<string, unknown> {
  priceSchemeId?: string;
  scheme?: PriceSchemeBody;
  on?: string;
  volume: number;
  accumulatedVolume: number;
}

/** A saved scheme (its prices in force on a day), or the prices of a form not saved yet. */
export type TrialSource = { name: string } & ({ priceSchemeId: string } | { scheme: PriceSchemeBody });

/**
 * The trial calculation of a scheme: a volume, where the cycle stands and, for a saved scheme, the day whose
 * prices apply, then the charge line by line in the tenant's currency. Nothing is saved.
 */
export function PriceTrialDialog({ source, onClose }: { source: TrialSource; onClose(): void }) {
  const { t } = useTranslation();
  const [trial, setTrial] = useState<PriceTrial | null>(null);
  const saved = 'priceSchemeId' in source;
  const form = useSchemaForm<TrialValues, PriceTrialBody>(priceTrialBodySchema, {
    ...(saved
      ? { priceSchemeId: source.priceSchemeId, on: dayjs().format('YYYY-MM-DD') }
      : { scheme: source.scheme }),
    volume: 10,
    accumulatedVolume: 0,
  });

  return (
    <FormDialog
      title={t('priceSchemes.trialOf', { name: source.name })}
      size="lg"
      busy={form.busy}
      submitLabel={t('priceSchemes.calculate')}
      testId="price-trial"
      onClose={onClose}
      onSubmit={() => form.submit(async (body) => setTrial(await trialCalculation(body)))}
    >
      <Group grow align="flex-start">
        <NumberInput
          label={t('priceSchemes.volume')}
          min={0}
          decimalScale={3}
          data-autofocus
          {...form.number('volume')}
        />
        <NumberInput
          label={t('priceSchemes.accumulatedVolume')}
          min={0}
          decimalScale={3}
          {...form.number('accumulatedVolume')}
        />
        {saved && <TextInput label={t('priceSchemes.trialOn')} type="date" {...form.text('on')} />}
      </Group>
      {trial && <TrialLines trial={trial} />}
    </FormDialog>
  );
}

/** The lines of a charge and its totals, amounts in the tenant's currency (a trial, or a part of a bill). */
export function TrialLines({ trial }: { trial: PriceTrial }) {
  const { t, i18n } = useTranslation();
  const currency = session.use().info?.currencyUnit ?? '';
  const language = i18n.language;
  const money = (amount: number) => `${formatNumber(amount, language, 2)}${currency ? ` ${currency}` : ''}`;
  const label = (line: PriceTrialLine) => {
    if (line.kind === 'step') return t('priceSchemes.lineStep', { step: line.step ?? 0 });
    if (line.kind === 'standing') return t('priceSchemes.lineStanding');
    return t('priceSchemes.lineVat', { rate: formatNumber(line.vatRate, language, 0, 2) });
  };
  return (
    <Table data-testid="trial-lines" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('priceSchemes.line')}</Table.Th>
          <Table.Th ta="right">{t('priceSchemes.volume')}</Table.Th>
          <Table.Th ta="right">{t('priceSchemes.unitPrice')}</Table.Th>
          <Table.Th ta="right">{t('priceSchemes.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trial.lines.map((line, i) => (
          <Table.Tr key={i}>
            <Table.Td>{label(line)}</Table.Td>
            <Table.Td ta="right">{formatNumber(line.volume, language, 3)}</Table.Td>
            <Table.Td ta="right">{line.unitPrice === null ? '' : money(line.unitPrice)}</Table.Td>
            <Table.Td ta="right">{money(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>{t('priceSchemes.net')}</Table.Th>
          <Table.Th ta="right">{money(trial.net)}</Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th colSpan={3}>{t('priceSchemes.vat')}</Table.Th>
          <Table.Th ta="right">{money(trial.vat)}</Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th colSpan={3}>{t('priceSchemes.total')}</Table.Th>
          <Table.Th ta="right" data-testid="trial-total">
            {money(trial.total)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
