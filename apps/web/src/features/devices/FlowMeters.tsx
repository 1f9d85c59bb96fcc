import {
  FLOW_METER_KINDS,
  type FlowMeterKind,
  type FlowMeterListQuery,
  type FlowMeterView,
} from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
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
import { deleteFlowMeters, exportFlowMeters, listFlowMeters } from './api/flowMeters.ts';
import { FlowMeterForm } from './FlowMeterForm.tsx';
import { FlowMeterLatest } from './FlowMeterLatest.tsx';

/** The route of this page (menu catalogue component 'gateway/flow/index'). */
export const FLOW_METERS_PATH = '/gateway/flow';

const column = listColumns<FlowMeterView>();
const filters = z.object({
  address: filterField.text(13),
  kind: filterField.option(FLOW_METER_KINDS),
  installationPosition: filterField.text(100),
});
const filterOf = (query: z.infer<typeof filters>): FlowMeterListQuery => ({
  address: query.address || undefined,
  kind: (query.kind || undefined) as FlowMeterKind | undefined,
  installationPosition: query.installationPosition || undefined,
});

/**
 * Devices / Flow meters: the district and bulk meters of the network, each a meter of the registry, with
 * the latest flow, counters, pressures, battery and signal its gateway reported.
 */
export const FlowMeters = defineListScreen({
  path: FLOW_METERS_PATH,
  testId: 'flow-meters',
  texts: listTexts('flowMeters'),
  filters,
  fetch: (query) => listFlowMeters({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.flowMeterId,
  usePage: (list) => ({ latest: useListDialog<FlowMeterView>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="address" label={t('flowMeters.meterAddress')} maxLength={13} digits />
      <OptionFilter
        bar={bar}
        name="kind"
        label={t('flowMeters.kind')}
        placeholder={t('flowMeters.allKinds')}
        options={FLOW_METER_KINDS.map((value) => ({ value, label: t(`flowMeters.kinds.${value}`) }))}
      />
      <TextFilter
        bar={bar}
        name="installationPosition"
        label={t('flowMeters.installationPosition')}
        maxLength={100}
      />
    </>
  ),
  columns: ({ t, language }) => [
    column.accessor('meterAddress', { header: t('flowMeters.meterAddress') }),
    column.accessor('rtuAddress', { header: t('flowMeters.rtuAddress') }),
    column.accessor('kind', {
      header: t('flowMeters.kind'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() === 'district' ? 'blue' : 'grape'} tt="none">
          {t(`flowMeters.kinds.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('installationPosition', { header: t('flowMeters.installationPosition') }),
    column.accessor('caliber', { header: t('flowMeters.caliber') }),
    column.accessor((row) => row.latest?.instantaneousFlow, {
      id: 'instantaneousFlow',
      header: t('flowMeters.instantaneousFlow'),
      cell: (c) => formatNumber(c.getValue(), language, 3),
    }),
    column.accessor((row) => row.latest?.forwardTotal, {
      id: 'forwardTotal',
      header: t('flowMeters.forwardTotal'),
      cell: (c) => formatNumber(c.getValue(), language, 3),
    }),
    column.accessor((row) => row.latest?.pressure1, {
      id: 'pressure1',
      header: t('flowMeters.pressure1'),
      cell: (c) => formatNumber(c.getValue(), language, 3),
    }),
    column.accessor((row) => row.latest?.collectionTime, {
      id: 'collectionTime',
      header: t('flowMeters.collectionTime'),
      cell: (c) => (c.getValue() ? dayjs(c.getValue()).format('YYYY-MM-DD HH:mm') : ''),
    }),
    column.accessor('manufacturer', { header: t('flowMeters.manufacturer') }),
  ],
  editRow: editRowOf<FlowMeterView>('flowMeters', 'device:flow:edit', (row) => row.meterAddress),
  rowActions: (row, { t, page }) => [
    {
      label: t('flowMeters.latest'),
      ariaLabel: t('flowMeters.viewOf', { name: row.meterAddress }),
      icon: 'eye',
      permission: ['device:flow:query'],
      onClick: () => page.latest.open(row),
    },
  ],
  remove: ({ t }) => ({
    permission: ['device:flow:remove'],
    ...removalTexts<FlowMeterView>(t, 'flowMeters', (row) => ({ name: row.meterAddress })),
    run: (rows) => deleteFlowMeters(rows.map((row) => row.flowMeterId)),
  }),
  export: {
    permission: 'device:flow:export',
    run: (query) => exportFlowMeters(filterOf(query)),
  },
  minWidth: 1100,
  create: ({ t }) => ({ label: t('flowMeters.new'), permission: ['device:flow:add'] }),
  form: ({ row, close, saved }) => <FlowMeterForm flowMeter={row} onClose={close} onSaved={saved} />,
  dialogs: ({ page: { latest } }) =>
    latest.value && <FlowMeterLatest flowMeter={latest.value} onClose={latest.close} />,
});
