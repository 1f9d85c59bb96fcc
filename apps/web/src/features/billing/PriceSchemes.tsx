import { CHARGING_MODELS, type ChargingModel, type PriceSchemeView, UNLIMITED } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { z } from 'zod';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { deletePriceSchemes, exportPriceSchemes, listPriceSchemes } from './api/billing.ts';
import { PriceSchemeForm } from './PriceSchemeForm.tsx';
import { PriceTrialDialog } from './PriceTrial.tsx';

/** The route of this page (menu catalogue component 'business/priceScheme/index'). */
export const PRICE_SCHEMES_PATH = '/price/scheme';

const column = listColumns<PriceSchemeView>();
const filters = z.object({ name: filterField.text(20), chargingModel: filterField.option(CHARGING_MODELS) });
const filterOf = (query: z.infer<typeof filters>) => ({
  name: query.name || undefined,
  chargingModel: (query.chargingModel || undefined) as ChargingModel | undefined,
});

/** Prices and billing / Price schemes: the tenant's tariffs, their price changes and a trial calculation. */
export const PriceSchemes = defineListScreen({
  path: PRICE_SCHEMES_PATH,
  testId: 'price-schemes',
  texts: listTexts('priceSchemes'),
  filters,
  fetch: (query) => listPriceSchemes({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.priceSchemeId,
  usePage: (list) => ({ trial: useListDialog<PriceSchemeView>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="name" label={t('priceSchemes.name')} maxLength={20} />
      <OptionFilter
        bar={bar}
        name="chargingModel"
        label={t('priceSchemes.chargingModel')}
        placeholder={t('priceSchemes.allModels')}
        options={CHARGING_MODELS.map((value) => ({
          value,
          label: t(`priceSchemes.chargingModels.${value}`),
        }))}
      />
    </>
  ),
  columns: ({ t, language }) => [
    column.accessor('name', { header: t('priceSchemes.name') }),
    column.accessor('chargingModel', {
      header: t('priceSchemes.chargingModel'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() === 'tiered' ? 'blue' : 'teal'} tt="none">
          {t(`priceSchemes.chargingModels.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('steps', {
      header: t('priceSchemes.steps'),
      // Each step as "from–to: unit price", the unlimited end as ∞.
      cell: (c) =>
        c
          .getValue()
          .map(
            (s) =>
              `${formatNumber(s.startVolume, language, 0, 3)}–${s.endVolume === UNLIMITED ? '∞' : formatNumber(s.endVolume, language, 0, 3)}: ${formatNumber(s.unitPrice, language, 2)}`,
          )
          .join(' · '),
    }),
    column.accessor('accumulationCycle', { header: t('priceSchemes.accumulationCycle') }),
    column.accessor('billingCycle', { header: t('priceSchemes.billingCycle') }),
    column.accessor('startTime', { header: t('priceSchemes.startTime') }),
    column.accessor('effectiveFrom', { header: t('priceSchemes.pricesFrom') }),
    column.accessor('vatRate', { header: t('priceSchemes.vatRate') }),
    column.accessor('accountCount', { header: t('priceSchemes.accountCount') }),
  ],
  editRow: editRowOf<PriceSchemeView>('priceSchemes', 'business:priceScheme:edit', (scheme) => scheme.name),
  rowActions: (scheme, { t, page }) => [
    {
      label: t('priceSchemes.trial'),
      ariaLabel: t('priceSchemes.trialOf', { name: scheme.name }),
      icon: 'coin',
      permission: ['business:priceScheme:query'],
      onClick: () => page.trial.open(scheme),
    },
  ],
  remove: ({ t }) => ({
    permission: ['business:priceScheme:remove'],
    ...removalTexts<PriceSchemeView>(t, 'priceSchemes', (scheme) => ({ name: scheme.name })),
    run: (schemes) => deletePriceSchemes(schemes.map((scheme) => scheme.priceSchemeId)),
  }),
  export: {
    permission: 'business:priceScheme:export',
    run: (query) => exportPriceSchemes(filterOf(query)),
  },
  minWidth: 900,
  create: ({ t }) => ({ label: t('priceSchemes.new'), permission: ['business:priceScheme:add'] }),
  form: ({ row, close, saved }) => <PriceSchemeForm scheme={row} onClose={close} onSaved={saved} />,
  dialogs: ({ page: { trial } }) =>
    trial.value && (
      <PriceTrialDialog
        source={{ name: trial.value.name, priceSchemeId: trial.value.priceSchemeId }}
        onClose={trial.close}
      />
    ),
});
