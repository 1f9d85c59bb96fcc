import { type SurchargeSchemeView, type SurchargeStatus, surchargeStatusSchema } from '@hydrolog/schemas';
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
import { EnabledBadge, MinuteTime } from '../../components/TableCells.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { deleteSurchargeSchemes, exportSurchargeSchemes, listSurchargeSchemes } from './api/surcharges.ts';
import { SurchargeSchemeForm } from './SurchargeSchemeForm.tsx';
import { SurchargeTrialDialog } from './SurchargeTrial.tsx';

/** The route of this page (menu catalogue component 'business/surcharge/index'). */
export const SURCHARGE_SCHEMES_PATH = '/price/surcharge';

const STATUSES = surchargeStatusSchema.options;
const column = listColumns<SurchargeSchemeView>();
const filters = z.object({ name: filterField.text(100), status: filterField.option(STATUSES) });
const filterOf = (query: z.infer<typeof filters>) => ({
  name: query.name || undefined,
  status: (query.status || undefined) as SurchargeStatus | undefined,
});

/** Prices and billing / Surcharge schemes: schemes with their charging items, and their trial calculation. */
export const SurchargeSchemes = defineListScreen({
  path: SURCHARGE_SCHEMES_PATH,
  testId: 'surcharges',
  texts: listTexts('surcharges'),
  filters,
  fetch: (query) => listSurchargeSchemes({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.surchargeSchemeId,
  usePage: (list) => ({ trial: useListDialog<SurchargeSchemeView>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="name" label={t('surcharges.name')} maxLength={100} />
      <OptionFilter
        bar={bar}
        name="status"
        label={t('surcharges.status')}
        placeholder={t('surcharges.allStatuses')}
        options={STATUSES.map((value) => ({ value, label: t(`surcharges.statuses.${value}`) }))}
      />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('name', { header: t('surcharges.name') }),
    column.accessor('status', {
      header: t('surcharges.status'),
      cell: (c) => <EnabledBadge status={c.getValue()} label={t(`surcharges.statuses.${c.getValue()}`)} />,
    }),
    column.accessor('items', {
      header: t('surcharges.items'),
      cell: (c) =>
        c
          .getValue()
          .map((item) => item.name)
          .join(' · '),
    }),
    column.accessor('itemCount', { header: t('surcharges.itemCount') }),
    column.accessor('accountCount', { header: t('surcharges.accountCount') }),
    column.accessor('createTime', {
      header: t('surcharges.createTime'),
      cell: (c) => <MinuteTime value={c.getValue()} />,
    }),
  ],
  editRow: editRowOf<SurchargeSchemeView>('surcharges', 'business:surcharge:edit', (scheme) => scheme.name),
  rowActions: (scheme, { t, page }) => [
    {
      label: t('surcharges.trial'),
      ariaLabel: t('surcharges.trialOf', { name: scheme.name }),
      icon: 'coin',
      permission: ['business:surcharge:calculate'],
      onClick: () => page.trial.open(scheme),
    },
  ],
  remove: ({ t }) => ({
    permission: ['business:surcharge:remove'],
    ...removalTexts<SurchargeSchemeView>(t, 'surcharges', (scheme) => ({ name: scheme.name })),
    run: (schemes) => deleteSurchargeSchemes(schemes.map((scheme) => scheme.surchargeSchemeId)),
  }),
  export: {
    permission: 'business:surcharge:export',
    run: (query) => exportSurchargeSchemes(filterOf(query)),
  },
  minWidth: 900,
  create: ({ t }) => ({ label: t('surcharges.new'), permission: ['business:surcharge:add'] }),
  form: ({ row, close, saved }) => <SurchargeSchemeForm scheme={row} onClose={close} onSaved={saved} />,
  dialogs: ({ page: { trial } }) =>
    trial.value && (
      <SurchargeTrialDialog
        source={{ name: trial.value.name, surchargeSchemeId: trial.value.surchargeSchemeId }}
        onClose={trial.close}
      />
    ),
});
