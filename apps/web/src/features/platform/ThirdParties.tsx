import { type ThirdPartyView, thirdPartyBodySchema, updateThirdPartyBodySchema } from '@hydrolog/schemas';
import { TextInput } from '@mantine/core';
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
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { apiListQuery } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AgentMovements } from './AgentMovements.tsx';
import { createThirdParty, deleteThirdParties, listThirdParties, updateThirdParty } from './api/platform.ts';
import { thirdPartyFilters } from './platformQuery.ts';

/** The route of this page (menu catalogue component 'tenant/thirdParty/index'). */
export const THIRD_PARTIES_PATH = '/tenant/thirdParty';

const column = listColumns<ThirdPartyView>();

/** Tenants / Third-party platforms: code and name, and the agent recharges made through each. */
export const ThirdParties = defineListScreen({
  path: THIRD_PARTIES_PATH,
  testId: 'third-parties',
  texts: listTexts('thirdParties'),
  filters: thirdPartyFilters,
  fetch: (query) => listThirdParties(apiListQuery(query)),
  rowId: (row) => row.thirdPartyId,
  usePage: (list) => ({ records: useListDialog<ThirdPartyView>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="code" label={t('thirdParties.code')} maxLength={30} />
      <TextFilter bar={bar} name="name" label={t('thirdParties.name')} maxLength={50} />
    </>
  ),
  columns: ({ t, language }) => [
    column.accessor('code', { header: () => t('thirdParties.code') }),
    column.accessor('name', { header: () => t('thirdParties.name') }),
    column.accessor('rechargeCount', { header: () => t('thirdParties.rechargeCount') }),
    column.accessor('rechargeTotal', {
      header: () => t('thirdParties.rechargeTotal'),
      cell: (c) => formatNumber(c.getValue(), language, 2),
    }),
  ],
  editRow: editRowOf<ThirdPartyView>('thirdParties', 'tenant:thirdParty:edit', (platform) => platform.name),
  rowActions: (platform, { t, page }) => [
    {
      label: t('thirdParties.records'),
      ariaLabel: t('thirdParties.recordsOf', { name: platform.name }),
      icon: 'receipt',
      permission: ['tenant:thirdParty:query'],
      onClick: () => page.records.open(platform),
    },
  ],
  remove: ({ t }) => ({
    permission: ['tenant:thirdParty:remove'],
    ...removalTexts<ThirdPartyView>(t, 'thirdParties', (platform) => ({ name: platform.name })),
    run: (platforms) => deleteThirdParties(platforms.map((p) => p.thirdPartyId)),
  }),
  cellStyle: figureColumns('rechargeCount', 'rechargeTotal'),
  create: ({ t }) => ({ label: t('thirdParties.new'), permission: ['tenant:thirdParty:add'] }),
  form: ({ row, close, saved }) => <ThirdPartyForm platform={row} onClose={close} onSaved={saved} />,
  dialogs: ({ page: { records } }) =>
    records.value && <AgentMovements thirdParty={records.value} onClose={records.close} />,
});

interface Values extends Record<string, unknown> {
  thirdPartyId?: string;
  code: string;
  name: string;
}

function ThirdPartyForm({
  platform,
  onClose,
  onSaved,
}: {
  platform: ThirdPartyView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, unknown>(platform ? updateThirdPartyBodySchema : thirdPartyBodySchema, {
    thirdPartyId: platform?.thirdPartyId,
    code: platform?.code ?? '',
    name: platform?.name ?? '',
  });
  async function submit() {
    await form.save(
      createOrUpdate(platform, updateThirdParty, createThirdParty),
      t('thirdParties.saved'),
      onSaved,
    );
  }
  return (
    <FormDialog
      title={t(platform ? 'thirdParties.edit' : 'thirdParties.new')}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('thirdParties.code')}
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...form.text('code')}
      />
      <TextInput label={t('thirdParties.name')} withAsterisk autoComplete="off" {...form.text('name')} />
    </FormDialog>
  );
}
