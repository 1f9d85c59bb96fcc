import {
  CUSTOMER_TYPE_SORT_COLUMNS,
  type CustomerTypeBody,
  type CustomerTypeView,
  customerTypeBodySchema,
} from '@hydrolog/schemas';
import { Textarea, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
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
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { filterField, pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  createCustomerType,
  deleteCustomerTypes,
  exportCustomerTypes,
  listCustomerTypes,
  updateCustomerType,
} from './api/customers.ts';

/** The route of this page (menu catalogue component 'business/customerType/index'). */
export const CUSTOMER_TYPES_PATH = '/customer/type';

const column = listColumns<CustomerTypeView>();

/** Customers / Customer types: names under 50 characters, unique in the tenant. */
export const CustomerTypes = defineListScreen({
  path: CUSTOMER_TYPES_PATH,
  testId: 'customer-types',
  texts: listTexts('customerTypes'),
  filters: z.object({ name: filterField.text(49) }),
  sortable: CUSTOMER_TYPE_SORT_COLUMNS,
  fetch: (query) => listCustomerTypes({ ...pageParams(query), name: query.name || undefined }),
  rowId: (row) => row.customerTypeId,
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="name" label={t('customerTypes.name')} maxLength={49} />
  ),
  columns: ({ t }) => [
    column.accessor('name', { header: t('customerTypes.name') }),
    column.accessor('remark', { header: t('customerTypes.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('customerCount', { header: t('customerTypes.customerCount') }),
    column.accessor('createTime', {
      header: t('customerTypes.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
  ],
  editRow: editRowOf<CustomerTypeView>('customerTypes', 'business:customerType:edit', (type) => type.name),
  remove: ({ t }) => ({
    permission: ['business:customerType:remove'],
    ...removalTexts<CustomerTypeView>(t, 'customerTypes', (type) => ({ name: type.name })),
    run: (types) => deleteCustomerTypes(types.map((type) => type.customerTypeId)),
  }),
  export: {
    permission: 'business:customerType:export',
    run: (query) => exportCustomerTypes({ name: query.name || undefined, ...sortParams(query) }),
  },
  minWidth: 700,
  create: ({ t }) => ({ label: t('customerTypes.new'), permission: ['business:customerType:add'] }),
  form: ({ row, close, saved }) => <CustomerTypeForm type={row} onClose={close} onSaved={saved} />,
});

interface TypeValues extends Record<string, unknown> {
  name: string;
  remark: string;
}

function CustomerTypeForm(props: { type: CustomerTypeView | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { type } = props;
  const form = useSchemaForm<TypeValues, CustomerTypeBody>(customerTypeBodySchema, {
    name: type?.name ?? '',
    remark: type?.remark ?? '',
  });

  async function submit() {
    await form.save(
      async (data) => {
        const body = { name: data.name, remark: data.remark || undefined };
        if (type)
          await updateCustomerType({ ...body, customerTypeId: type.customerTypeId, version: type.version });
        else await createCustomerType(body);
      },
      t('customerTypes.saved'),
      props.onSaved,
    );
  }

  return (
    <FormDialog
      title={t(type ? 'customerTypes.edit' : 'customerTypes.new')}
      busy={form.busy}
      onClose={props.onClose}
      onSubmit={submit}
    >
      <TextInput label={t('customerTypes.name')} withAsterisk data-autofocus {...form.text('name')} />
      <Textarea label={t('customerTypes.remark')} autosize minRows={2} {...form.text('remark')} />
    </FormDialog>
  );
}
