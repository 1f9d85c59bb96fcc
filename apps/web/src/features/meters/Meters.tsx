import { METER_SORT_COLUMNS, type MeterTypeView, type MeterView } from '@hydrolog/schemas';
import { Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import {
  defineListScreen,
  listColumns,
  listTexts,
  OptionFilter,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { METER_LINKS, meterFilter, meterFilters, VALVE_STATES } from '../../lib/meterQuery.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { HISTORY_PATH } from '../readings/index.ts';
import { deleteMeters, exportMeters, listMeters, meterTypeOptions } from './api/meters.ts';
import { MeterForm } from './MeterForm.tsx';
import { MeterImport } from './MeterImport.tsx';
import { ValveState } from './ValveState.tsx';

/** The route of this page (menu catalogue component 'business/meter/index'). */
export const METERS_PATH = '/meter/list';

const column = listColumns<MeterView>();
const FULL_TIME = 'YYYY-MM-DD HH:mm:ss';
const figure = (value: number | null, digits: number) => (value === null ? '' : value.toFixed(digits));

/**
 * Meters / Meter list: the registry with each meter's latest reading, battery, signal, valve and
 * communication state from the gateways' readings; register, edit, delete an unused one, import, export.
 */
export const Meters = defineListScreen({
  path: METERS_PATH,
  testId: 'meters',
  texts: listTexts('meters'),
  filters: meterFilters,
  sortable: METER_SORT_COLUMNS,
  fetch: (query) => listMeters({ ...pageParams(query), ...meterFilter(query) }),
  rowId: (row) => row.meterId,
  usePage: () => {
    const [importing, setImporting] = useState(false);
    const [types, setTypes] = useState<MeterTypeView[]>([]);
    useEffect(() => {
      meterTypeOptions().then(setTypes, () => undefined);
    }, []);
    return { importing, setImporting, types };
  },
  firstUse: ({ t }) => t('meters.none'),
  filterBar: (bar, { t, page }) => (
    <>
      <TextFilter bar={bar} name="meterNo" label={t('meters.meterNo')} maxLength={32} digits />
      <OptionFilter
        bar={bar}
        name="meterTypeId"
        label={t('meters.type')}
        w={220}
        searchable
        placeholder={t('meters.all')}
        options={page.types.map((type) => ({ value: type.meterTypeId, label: type.name }))}
      />
      <TextFilter bar={bar} name="imei" label={t('meters.imei')} maxLength={15} digits />
      <OptionFilter
        bar={bar}
        name="link"
        label={t('meters.link')}
        w={140}
        placeholder={t('meters.all')}
        options={METER_LINKS.map((v) => ({ value: v, label: t(`meters.links.${v}`) }))}
      />
      <OptionFilter
        bar={bar}
        name="valve"
        label={t('meters.valve')}
        w={140}
        placeholder={t('meters.all')}
        options={VALVE_STATES.map((v) => ({ value: v, label: t(`meters.valves.${v}`) }))}
      />
    </>
  ),
  columns: ({ t, language, hasPermi, list }) => [
    column.accessor('meterNo', {
      header: t('meters.meterNo'),
      // The meter number opens its history (Reports / History) for those who may open that page.
      cell: (c) =>
        hasPermi(['report:history:list']) ? (
          <Anchor
            component={Link}
            to={HISTORY_PATH}
            // The history page reads the meter from its URL (parseHistoryQuery; its range defaults).
            search={{ meterNo: c.getValue() } as never}
            size="sm"
            title={t('meters.historyOf', { meterNo: c.getValue() })}
          >
            {c.getValue()}
          </Anchor>
        ) : (
          c.getValue()
        ),
    }),
    column.accessor('meterTypeName', { header: t('meters.type') }),
    column.accessor('imei', { header: t('meters.imei'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('lastReading', {
      header: t('meters.lastReading'),
      cell: (c) => figure(c.getValue(), 3),
    }),
    column.accessor('lastReportAt', {
      header: t('meters.lastReport'),
      cell: (c) => {
        const at = c.getValue();
        if (!at)
          return (
            <Text size="xs" c="dimmed">
              {t('meters.neverReported')}
            </Text>
          );
        return (
          <Tooltip label={dayjs(at).format(FULL_TIME)}>
            <Text component="time" dateTime={at} size="sm">
              {relativeTime(at, language)}
            </Text>
          </Tooltip>
        );
      },
    }),
    column.accessor('battery', { header: t('meters.battery'), cell: (c) => figure(c.getValue(), 2) }),
    column.accessor('signal', { header: t('meters.signal'), cell: (c) => figure(c.getValue(), 0) }),
    column.accessor('valve', {
      header: t('meters.valve'),
      cell: (c) => {
        const meter = c.row.original;
        if (!meter.valveControl && !meter.valve) return '';
        return (
          <ValveState
            meterNo={meter.meterNo}
            valve={meter.valve}
            reportedAt={meter.lastReportAt}
            command={meter.valveCommand}
            onRetried={list.load}
          />
        );
      },
    }),
    column.accessor('link', {
      header: t('meters.link'),
      cell: (c) => (
        <Badge variant="dot" color={c.getValue() === 'online' ? 'teal' : 'gray'}>
          {t(`meters.links.${c.getValue()}`)}
        </Badge>
      ),
    }),
  ],
  editRow: ({ t }) => ({
    permission: ['business:meter:edit'],
    ariaLabel: (meter) => t('meters.editOf', { meterNo: meter.meterNo }),
  }),
  remove: ({ t }) => ({
    permission: ['business:meter:remove'],
    ...removalTexts<MeterView>(t, 'meters', (meter) => ({ meterNo: meter.meterNo })),
    run: (meters) => deleteMeters(meters.map((meter) => meter.meterId)),
  }),
  create: ({ t }) => ({ label: t('meters.new'), permission: ['business:meter:add'] }),
  actions: ({ t, page }) => [
    {
      label: t('actions.import'),
      permission: ['business:meter:import'],
      variant: 'light',
      onClick: () => page.setImporting(true),
    },
  ],
  export: {
    permission: 'business:meter:export',
    run: (query) => exportMeters({ ...meterFilter(query), ...sortParams(query) }),
  },
  minWidth: 1200,
  cellStyle: figureColumns('lastReading', 'battery', 'signal'),
  form: ({ row, close, saved }) => <MeterForm meter={row} onClose={close} onSaved={saved} />,
  dialogs: ({ list, page }) =>
    page.importing && <MeterImport onClose={() => page.setImporting(false)} onImported={list.load} />,
});
