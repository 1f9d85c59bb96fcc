import {
  DEVICE_STATUSES,
  DEVICE_TYPES,
  type DeviceListQuery,
  type DeviceStatus,
  type DeviceType,
  type DeviceView,
} from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
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
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { deleteDevices, exportDevices, listDevices } from './api/devices.ts';
import { DeviceForm } from './DeviceForm.tsx';
import { STATE_BADGES } from './deviceColors.ts';
import { DEVICES_PATH, devicePageOf } from './devicePages.ts';
import { useDeviceRegionOptions } from './useDeviceRegions.ts';

const column = listColumns<DeviceView>();
const filters = z.object({
  deviceName: filterField.text(50),
  deviceType: filterField.option(DEVICE_TYPES),
  status: filterField.option(DEVICE_STATUSES),
  regionId: filterField.id(),
});
const filterOf = (query: z.infer<typeof filters>): DeviceListQuery => ({
  deviceName: query.deviceName || undefined,
  deviceType: (query.deviceType || undefined) as DeviceType | undefined,
  status: (query.status || undefined) as DeviceStatus | undefined,
  regionId: query.regionId || undefined,
});

/** A row of the device page's own registry; a concentrator is the gateway registry's, changed on its page. */
const ownRow = (row: DeviceView) => row.registry === 'devices';

/**
 * Devices / Device list: the network's large meters, concentrators, pressure gauges, valve controls, flow
 * meters, sonar detectors and water pumps, each with its state, place and region. Concentrators come from
 * the concentrators page, with their contact as their state and the place of the meters they relay.
 */
export const Devices = defineListScreen({
  path: DEVICES_PATH,
  testId: 'devices',
  texts: listTexts('devices'),
  filters,
  fetch: (query) => listDevices({ ...pageParams(query), ...filterOf(query) }),
  rowId: (row) => row.deviceId,
  usePage: () => ({ regions: useDeviceRegionOptions(), navigate: useNavigate() }),
  filterBar: (bar, { t, page }) => (
    <>
      <TextFilter bar={bar} name="deviceName" label={t('devices.deviceName')} maxLength={50} />
      <OptionFilter
        bar={bar}
        name="deviceType"
        label={t('devices.deviceType')}
        placeholder={t('devices.allTypes')}
        options={DEVICE_TYPES.map((value) => ({ value, label: t(`devices.types.${value}`) }))}
      />
      <OptionFilter
        bar={bar}
        name="status"
        label={t('devices.status')}
        placeholder={t('devices.allStatuses')}
        options={DEVICE_STATUSES.map((value) => ({ value, label: t(`devices.statuses.${value}`) }))}
      />
      <OptionFilter
        bar={bar}
        name="regionId"
        label={t('devices.region')}
        placeholder={t('devices.allRegions')}
        options={page.regions}
        searchable
      />
    </>
  ),
  columns: ({ t, language }) => [
    column.accessor('deviceCode', { header: t('devices.deviceCode') }),
    column.accessor('deviceName', { header: t('devices.deviceName') }),
    column.accessor('deviceType', {
      header: t('devices.deviceType'),
      cell: (c) => t(`devices.types.${c.getValue()}`),
    }),
    column.accessor('status', {
      header: t('devices.status'),
      cell: (c) => (
        <Badge variant="light" color={STATE_BADGES[c.getValue()]} tt="none">
          {t(`devices.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('regionName', { header: t('devices.region'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('manufacturer', { header: t('devices.manufacturer') }),
    column.accessor('address', { header: t('devices.address') }),
    column.accessor(
      (row) => `${formatNumber(row.longitude, language, 6)}, ${formatNumber(row.latitude, language, 6)}`,
      {
        id: 'location',
        header: t('devices.location'),
      },
    ),
    column.accessor('createTime', {
      header: t('devices.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
  ],
  editRow: editRowOf<DeviceView>('devices', 'device:device:edit', (row) => row.deviceName, ownRow),
  rowActions: (row, { t, page }) =>
    ownRow(row)
      ? []
      : [
          {
            label: t('devices.onConcentrators'),
            ariaLabel: t('devices.onConcentratorsOf', { name: row.deviceName }),
            icon: 'external',
            onClick: () => void page.navigate({ href: devicePageOf(row) }),
          },
        ],
  remove: ({ t }) => ({
    permission: ['device:device:remove'],
    allowed: ownRow,
    ...removalTexts<DeviceView>(t, 'devices', (row) => ({ name: row.deviceName })),
    run: (rows) => deleteDevices(rows.map((row) => row.deviceId)),
  }),
  export: {
    permission: 'device:device:export',
    run: (query) => exportDevices(filterOf(query)),
  },
  minWidth: 1100,
  create: ({ t }) => ({ label: t('devices.new'), permission: ['device:device:add'] }),
  form: ({ row, close, saved }) => <DeviceForm device={row} onClose={close} onSaved={saved} />,
});
