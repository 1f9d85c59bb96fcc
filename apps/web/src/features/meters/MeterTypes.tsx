import { METER_TYPE_SORT_COLUMNS, type MeterTypeView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
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
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { BILLING_MODES, COMMUNICATIONS, meterTypeFilter, meterTypeFilters } from '../../lib/meterQuery.ts';
import { deleteMeterTypes, exportMeterTypes, listMeterTypes } from './api/meters.ts';
import { MeterTypeForm } from './MeterTypeForm.tsx';

/** The route of this page (menu catalogue component 'business/meterType/index'). */
export const METER_TYPES_PATH = '/meter/type';

const column = listColumns<MeterTypeView>();

/** Meters / Meter types: the models a utility installs (billing, valve, communication, card, report interval). */
export const MeterTypes = defineListScreen({
  path: METER_TYPES_PATH,
  testId: 'meter-types',
  texts: listTexts('meterTypes'),
  filters: meterTypeFilters,
  sortable: METER_TYPE_SORT_COLUMNS,
  fetch: (query) => listMeterTypes({ ...pageParams(query), ...meterTypeFilter(query) }),
  rowId: (row) => row.meterTypeId,
  firstUse: ({ t }) => t('meterTypes.none'),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="name" label={t('meterTypes.name')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="billingMode"
        label={t('meterTypes.billingMode')}
        placeholder={t('meterTypes.all')}
        options={BILLING_MODES.map((v) => ({ value: v, label: t(`meterTypes.billingModes.${v}`) }))}
      />
      <OptionFilter
        bar={bar}
        name="communication"
        label={t('meterTypes.communication')}
        w={180}
        placeholder={t('meterTypes.all')}
        options={COMMUNICATIONS.map((v) => ({ value: v, label: t(`meterTypes.communications.${v}`) }))}
      />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('name', { header: t('meterTypes.name') }),
    column.accessor('billingMode', {
      header: t('meterTypes.billingMode'),
      cell: (c) => t(`meterTypes.billingModes.${c.getValue()}`),
    }),
    column.accessor('valveControl', {
      header: t('meterTypes.valveControl'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() ? 'teal' : 'gray'}>
          {t(c.getValue() ? 'meterTypes.yes' : 'meterTypes.no')}
        </Badge>
      ),
    }),
    column.accessor('communication', {
      header: t('meterTypes.communication'),
      cell: (c) => t(`meterTypes.communications.${c.getValue()}`),
    }),
    column.accessor('cardKind', {
      header: t('meterTypes.cardKind'),
      cell: (c) => t(`meterTypes.cardKinds.${c.getValue()}`),
    }),
    column.accessor('reportIntervalMinutes', { header: t('meterTypes.reportInterval') }),
    column.accessor('meterCount', { header: t('meterTypes.meterCount') }),
  ],
  editRow: editRowOf<MeterTypeView>('meterTypes', 'business:meterType:edit', (type) => type.name),
  remove: ({ t }) => ({
    permission: ['business:meterType:remove'],
    ...removalTexts<MeterTypeView>(t, 'meterTypes', (type) => ({ name: type.name })),
    run: (types) => deleteMeterTypes(types.map((type) => type.meterTypeId)),
  }),
  export: {
    permission: 'business:meterType:export',
    run: (query) => exportMeterTypes({ ...meterTypeFilter(query), ...sortParams(query) }),
  },
  cellStyle: figureColumns('reportIntervalMinutes', 'meterCount'),
  create: ({ t }) => ({ label: t('meterTypes.new'), permission: ['business:meterType:add'] }),
  form: ({ row, close, saved }) => <MeterTypeForm meterType={row} onClose={close} onSaved={saved} />,
});
