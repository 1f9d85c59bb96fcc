import {
  METER_GROUP_SORT_COLUMNS,
  type MeterGroupBody,
  type MeterGroupView,
  meterGroupBodySchema,
} from '@hydrolog/schemas';
import { Textarea, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { pageParams, sortParams } from '../../lib/listQuery.ts';
import { meterGroupFilter, meterGroupFilters } from '../../lib/meterQuery.ts';
import {
  createMeterGroup,
  deleteMeterGroups,
  exportMeterGroups,
  listMeterGroups,
  updateMeterGroup,
} from './api/meters.ts';
import { MeterGroupMembers } from './MeterGroupMembers.tsx';

/** The route of this page (menu catalogue component 'business/group/index'). */
export const METER_GROUPS_PATH = '/meter/group';

const column = listColumns<MeterGroupView>();
type Values = { name: string; remark: string } & Record<string, unknown>;

/** Meters / Meter groups: named sets of meters (unique names), their members added by number. */
export const MeterGroups = defineListScreen({
  path: METER_GROUPS_PATH,
  testId: 'meter-groups',
  texts: listTexts('meterGroups'),
  filters: meterGroupFilters,
  sortable: METER_GROUP_SORT_COLUMNS,
  fetch: (query) => listMeterGroups({ ...pageParams(query), ...meterGroupFilter(query) }),
  rowId: (row) => row.groupId,
  usePage: (list) => ({ members: useListDialog<MeterGroupView>(list) }),
  firstUse: ({ t }) => t('meterGroups.none'),
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="name" label={t('meterGroups.name')} maxLength={50} />
  ),
  columns: ({ t }) => [
    column.accessor('name', { header: t('meterGroups.name') }),
    column.accessor('remark', { header: t('meterGroups.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('meterCount', { header: t('meterGroups.meterCount') }),
    column.accessor('createTime', {
      header: t('meterGroups.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
  ],
  editRow: editRowOf<MeterGroupView>('meterGroups', 'business:group:edit', (group) => group.name),
  rowActions: (group, { t, page }) => [
    {
      label: t('meterGroups.members'),
      ariaLabel: t('meterGroups.membersOf', { name: group.name }),
      icon: 'gauge',
      permission: ['business:group:query'],
      onClick: () => page.members.open(group),
    },
  ],
  remove: ({ t }) => ({
    permission: ['business:group:remove'],
    ...removalTexts<MeterGroupView>(t, 'meterGroups', (group) => ({ name: group.name })),
    run: (groups) => deleteMeterGroups(groups.map((group) => group.groupId)),
  }),
  export: {
    permission: 'business:group:export',
    run: (query) => exportMeterGroups({ ...meterGroupFilter(query), ...sortParams(query) }),
  },
  cellStyle: figureColumns('meterCount'),
  create: ({ t }) => ({ label: t('meterGroups.new'), permission: ['business:group:add'] }),
  form: ({ row, close, saved }) => <MeterGroupForm group={row} onClose={close} onSaved={saved} />,
  // The members may have changed: the counts are read again.
  dialogs: ({ page: { members } }) =>
    members.value && <MeterGroupMembers group={members.value} onClose={members.saved} />,
});

/** Create or rename a group. */
function MeterGroupForm({
  group,
  onClose,
  onSaved,
}: {
  group: MeterGroupView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, MeterGroupBody>(meterGroupBodySchema, {
    name: group?.name ?? '',
    remark: group?.remark ?? '',
  });
  async function submit() {
    await form.save(
      (data) => {
        const body = { name: data.name, remark: data.remark || undefined };
        return group
          ? updateMeterGroup({ ...body, groupId: group.groupId, version: group.version })
          : createMeterGroup(body);
      },
      t('meterGroups.saved'),
      onSaved,
    );
  }
  return (
    <FormDialog
      title={t(group ? 'meterGroups.edit' : 'meterGroups.new')}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('meterGroups.name')}
        withAsterisk
        data-autofocus
        maxLength={50}
        {...form.text('name')}
      />
      <Textarea label={t('meterGroups.remark')} maxLength={100} {...form.text('remark')} />
    </FormDialog>
  );
}
