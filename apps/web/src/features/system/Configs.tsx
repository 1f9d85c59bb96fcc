import type { ConfigView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  OptionFilter,
  selectedRemovalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { defaultCellStyle } from '../../components/ListTable.tsx';
import { apiListQuery } from '../../lib/listQuery.ts';
import { clearConfigCache, deleteConfigs, listConfigs } from './api/settings.ts';
import { ConfigForm } from './ConfigForm.tsx';
import { configFilters } from './settingsQuery.ts';

/** The route of this page (menu catalogue component 'system/config/index'). */
export const CONFIGS_PATH = '/platform/config';

const column = listColumns<ConfigView>();
const CONFIG_TYPES = ['Y', 'N'] as const;

function cellStyle(columnId: string): CSSProperties {
  if (columnId === 'remark' || columnId === 'configValue') return { minWidth: 140, wordBreak: 'break-all' };
  return defaultCellStyle(columnId);
}

/** Platform / Configuration: the system parameters; built-in ones can be edited, not deleted. */
export const Configs = defineListScreen({
  path: CONFIGS_PATH,
  testId: 'configs',
  texts: listTexts('configs'),
  filters: configFilters,
  fetch: (query) => listConfigs(apiListQuery(query)),
  rowId: (row) => row.configId,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="configName" label={t('configs.configName')} maxLength={100} />
      <TextFilter bar={bar} name="configKey" label={t('configs.configKey')} maxLength={100} />
      <OptionFilter
        bar={bar}
        name="configType"
        label={t('configs.configType')}
        placeholder={t('configs.allTypes')}
        options={CONFIG_TYPES.map((v) => ({ value: v, label: t(`configs.configTypes.${v}`) }))}
      />
    </>
  ),
  columns: ({ t }) => [
    column.accessor('configName', { header: () => t('configs.configName') }),
    column.accessor('configKey', { header: () => t('configs.configKey') }),
    column.accessor('configValue', { header: () => t('configs.configValue') }),
    column.accessor('configType', {
      header: () => t('configs.configType'),
      cell: (c) => (
        <Badge variant="light" color={c.getValue() === 'Y' ? 'blue' : 'gray'}>
          {t(`configs.configTypes.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('remark', { header: () => t('configs.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('createTime', {
      header: () => t('configs.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss'),
    }),
  ],
  selectLabels: ({ t }) => ({
    all: t('configs.selectAll'),
    one: (row) => t('configs.select', { name: row.configKey }),
  }),
  editRow: editRowOf<ConfigView>('configs', 'system:config:edit', (config) => config.configKey),
  remove: ({ t }) => ({
    permission: ['system:config:remove'],
    // A built-in parameter is refused: shown by the request layer.
    ...selectedRemovalTexts<ConfigView>(t, 'configs', (config) => config.configKey),
    run: (configs) => deleteConfigs(configs.map((c) => c.configId)),
  }),
  actions: ({ t, list }) => [
    {
      label: t('configs.refreshCache'),
      permission: ['system:config:remove'],
      variant: 'default',
      onClick: async () => {
        try {
          await clearConfigCache();
          notifications.show({ color: 'green', message: t('configs.cacheRefreshed') });
          list.load();
        } catch {
          // shown by the request layer
        }
      },
    },
  ],
  cellStyle,
  create: ({ t }) => ({ label: t('configs.new'), permission: ['system:config:add'] }),
  form: ({ row, close, saved }) => <ConfigForm config={row} onClose={close} onSaved={saved} />,
});
