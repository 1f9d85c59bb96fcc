import {
  type ChargingItemOption,
  type PersonalSurchargeBody,
  type PersonalSurchargeView,
  personalSurchargeBodySchema,
  type UpdatePersonalSurchargeBody,
  updatePersonalSurchargeBodySchema,
} from '@hydrolog/schemas';
import { MultiSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { MinuteTime } from '../../components/TableCells.tsx';
import { createOrUpdate, useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { AccountSelect } from './AccountSelect.tsx';
import {
  chargingItemOptions,
  createPersonalSurcharge,
  deletePersonalSurcharges,
  listPersonalSurcharges,
  updatePersonalSurcharge,
} from './api/surcharges.ts';

/** The route of this page (menu catalogue component 'business/personalSurcharge/index'). */
export const PERSONAL_SURCHARGES_PATH = '/price/personalSurcharge';

const column = listColumns<PersonalSurchargeView>();
const filters = z.object({ accountNo: filterField.text(50) });
const accountName = (row: PersonalSurchargeView) => row.accountNo ?? row.customerId;

/** Prices and billing / Personal surcharges: the charging items bound to one account each. */
export const PersonalSurcharges = defineListScreen({
  path: PERSONAL_SURCHARGES_PATH,
  testId: 'personal-surcharges',
  texts: listTexts('personalSurcharges'),
  filters,
  fetch: (query) => listPersonalSurcharges({ ...pageParams(query), accountNo: query.accountNo || undefined }),
  rowId: (row) => row.personalSurchargeId,
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="accountNo" label={t('personalSurcharges.accountNo')} maxLength={50} />
  ),
  columns: ({ t }) => [
    column.accessor('accountNo', {
      header: t('personalSurcharges.accountNo'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('customerName', {
      header: t('personalSurcharges.customerName'),
      cell: (c) => c.getValue() ?? '',
    }),
    column.accessor('items', {
      header: t('personalSurcharges.items'),
      cell: (c) =>
        c
          .getValue()
          .map((item) => `${item.name} (${item.surchargeSchemeName})`)
          .join(' · '),
    }),
    column.accessor('createTime', {
      header: t('personalSurcharges.createTime'),
      cell: (c) => <MinuteTime value={c.getValue()} />,
    }),
  ],
  editRow: editRowOf<PersonalSurchargeView>(
    'personalSurcharges',
    'business:personalSurcharge:edit',
    accountName,
  ),
  remove: ({ t }) => ({
    permission: ['business:personalSurcharge:remove'],
    ...removalTexts<PersonalSurchargeView>(t, 'personalSurcharges', (row) => ({ name: accountName(row) })),
    run: (rows) => deletePersonalSurcharges(rows.map((row) => row.personalSurchargeId)),
  }),
  minWidth: 800,
  create: ({ t }) => ({ label: t('personalSurcharges.new'), permission: ['business:personalSurcharge:add'] }),
  form: ({ row, close, saved }) => <PersonalSurchargeForm binding={row} onClose={close} onSaved={saved} />,
});

interface BindingValues extends Record<string, unknown> {
  personalSurchargeId?: string;
  customerId: string;
  chargingItemIds: string[];
}

/** Binds personal charging items of enabled schemes to an account, or changes them. */
function PersonalSurchargeForm(props: {
  binding: PersonalSurchargeView | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { binding } = props;
  const form = useSchemaForm<BindingValues, PersonalSurchargeBody | UpdatePersonalSurchargeBody>(
    binding ? updatePersonalSurchargeBodySchema : personalSurchargeBodySchema,
    binding
      ? {
          personalSurchargeId: binding.personalSurchargeId,
          customerId: binding.customerId,
          chargingItemIds: binding.items.map((item) => item.chargingItemId),
        }
      : { customerId: '', chargingItemIds: [] },
  );
  const [options, setOptions] = useState<ChargingItemOption[]>([]);
  useEffect(() => {
    chargingItemOptions()
      .then(setOptions)
      .catch(() => undefined);
  }, []);
  return (
    <FormDialog
      title={
        binding ? t('personalSurcharges.editOf', { name: accountName(binding) }) : t('personalSurcharges.new')
      }
      busy={form.busy}
      testId="personal-surcharge-form"
      onClose={props.onClose}
      onSubmit={() =>
        form.save(
          createOrUpdate<UpdatePersonalSurchargeBody, PersonalSurchargeBody>(
            binding,
            updatePersonalSurcharge,
            createPersonalSurcharge,
          ),
          t('personalSurcharges.saved'),
          props.onSaved,
        )
      }
    >
      {binding ? (
        <TextInput
          label={t('personalSurcharges.account')}
          value={`${binding.accountNo ?? ''} · ${binding.customerName ?? ''}`}
          readOnly
        />
      ) : (
        <AccountSelect
          label={t('personalSurcharges.account')}
          value={form.values.customerId}
          error={form.errors.customerId}
          onChange={(id) => form.set('customerId', id)}
        />
      )}
      <MultiSelect
        label={t('personalSurcharges.items')}
        description={t('personalSurcharges.chooseItems')}
        withAsterisk
        searchable
        data={options
          .filter((option) => option.feeType === 'personal')
          .map((option) => ({
            value: option.chargingItemId,
            label: `${option.name} (${option.surchargeSchemeName})`,
          }))}
        value={form.values.chargingItemIds}
        onChange={(ids) => form.set('chargingItemIds', ids)}
        error={form.errors.chargingItemIds}
      />
    </FormDialog>
  );
}
