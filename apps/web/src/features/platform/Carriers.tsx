import { type CarrierView, countryByCode } from '@hydrolog/schemas';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { apiListQuery } from '../../lib/listQuery.ts';
import { deleteCarriers, listCarriers } from './api/platform.ts';
import { CarrierForm } from './CarrierForm.tsx';
import { COUNTRY_OPTIONS, carrierFilters } from './platformQuery.ts';

/** The route of this page (menu catalogue component 'tenant/carrier/index'). */
export const CARRIERS_PATH = '/tenant/carrier';

const column = listColumns<CarrierView>();

/** Tenants / Mobile carriers: country, area code and text message length of each operator. */
export const Carriers = defineListScreen({
  path: CARRIERS_PATH,
  testId: 'carriers',
  texts: listTexts('carriers'),
  filters: carrierFilters,
  fetch: (query) => listCarriers(apiListQuery(query)),
  rowId: (row) => row.carrierId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="carrierName" label={t('carriers.carrierName')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="country"
        label={t('carriers.country')}
        w={240}
        placeholder={t('carriers.allCountries')}
        searchable
        options={COUNTRY_OPTIONS}
      />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('carrierName', { header: () => t('carriers.carrierName') }),
    column.accessor('country', {
      header: () => t('carriers.country'),
      cell: (c) => countryByCode(c.getValue())?.name ?? c.getValue(),
    }),
    column.accessor('areaCode', { header: () => t('carriers.areaCode') }),
    column.accessor('smsLength', { header: () => t('carriers.smsLength') }),
    column.accessor('remark', { header: () => t('carriers.remark'), cell: (c) => c.getValue() ?? '' }),
  ],
  editRow: editRowOf<CarrierView>('carriers', 'tenant:carrier:edit', (carrier) => carrier.carrierName),
  remove: ({ t }) => ({
    permission: ['tenant:carrier:remove'],
    ...removalTexts<CarrierView>(t, 'carriers', (carrier) => ({ name: carrier.carrierName })),
    run: (carriers) => deleteCarriers(carriers.map((c) => c.carrierId)),
  }),
  cellStyle: figureColumns('smsLength'),
  create: ({ t }) => ({ label: t('carriers.new'), permission: ['tenant:carrier:add'] }),
  form: ({ row, close, saved }) => <CarrierForm carrier={row} onClose={close} onSaved={saved} />,
});
