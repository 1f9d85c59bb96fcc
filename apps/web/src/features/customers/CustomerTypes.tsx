import {
  CUSTOMER_TYPE_SORT_COLUMNS,
  type CustomerTypeBody,
  type CustomerTypeView,
  customerTypeBodySchema,
} from '@hydrolog/schemas';
import { Button, Card, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  ListHeader,
  ListPager,
  ListTable,
  type listFeatures,
  RowAction,
  useListTable,
} from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import {
  type PageQuery,
  pageParams,
  parsePage,
  parseSort,
  queryText,
  type SortQuery,
  sortParams,
} from '../../lib/listQuery.ts';
import {
  createCustomerType,
  deleteCustomerTypes,
  exportCustomerTypes,
  listCustomerTypes,
  updateCustomerType,
} from './api/customers.ts';

/** The route of this page (menu catalogue component 'business/customerType/index'). */
export const CUSTOMER_TYPES_PATH = '/customer/type';

interface TypeQuery extends PageQuery, SortQuery<(typeof CUSTOMER_TYPE_SORT_COLUMNS)[number]> {
  name: string;
}
const parse = (search: Record<string, unknown>): TypeQuery => ({
  name: queryText(search.name, 49),
  ...parseSort(search, CUSTOMER_TYPE_SORT_COLUMNS),
  ...parsePage(search),
});
const fetchTypes = (query: TypeQuery) =>
  listCustomerTypes({ ...pageParams(query), name: query.name || undefined });
const column = createColumnHelper<typeof listFeatures, CustomerTypeView>();

/** Customers / Customer types: names under 50 characters, unique in the tenant. */
export function CustomerTypes() {
  const { t } = useTranslation();
  const list = useListPage({ path: CUSTOMER_TYPES_PATH, parse, empty: { name: '' }, fetch: fetchTypes });
  const { query, filters, setFilter, data, loading, load } = list;
  const [editing, setEditing] = useState<CustomerTypeView | 'new' | null>(null);

  async function remove(type: CustomerTypeView) {
    const done = await confirmAndRun(
      {
        title: t('customerTypes.removeTitle'),
        message: t('customerTypes.removeConfirm', { name: type.name }),
        confirm: t('actions.remove'),
      },
      () => deleteCustomerTypes([type.customerTypeId]),
      t('customerTypes.removed', { name: type.name }),
    );
    if (done) list.removed(1);
  }

  const columns = column.columns([
    column.accessor('name', { header: t('customerTypes.name') }),
    column.accessor('remark', { header: t('customerTypes.remark'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('customerCount', { header: t('customerTypes.customerCount') }),
    column.accessor('createTime', {
      header: t('customerTypes.createTime'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
    }),
    column.display({
      id: 'actions',
      header: t('customerTypes.actions'),
      cell: (c) => {
        const type = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['business:customerType:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('customerTypes.editOf', { name: type.name })}
                icon="edit"
                onClick={() => setEditing(type)}
              />
            </HasPermi>
            <HasPermi value={['business:customerType:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('customerTypes.removeOf', { name: type.name })}
                icon="trash"
                color="red"
                onClick={() => void remove(type)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useListTable('customer-types-table', {
    columns,
    rows: data?.rows,
    getRowId: (row) => row.customerTypeId,
  });

  return (
    <Card withBorder data-testid="customer-types-page">
      <ListHeader
        title={t('customerTypes.title')}
        table={table}
        testId="customer-types-table"
        exportPermission="business:customerType:export"
        exportFile={() => exportCustomerTypes({ name: query.name || undefined, ...sortParams(query) })}
      >
        <HasPermi value={['business:customerType:add']}>
          <Button onClick={() => setEditing('new')}>{t('customerTypes.new')}</Button>
        </HasPermi>
      </ListHeader>
      <FilterBar testId="customer-types-filter" onSearch={list.search} onReset={list.reset}>
        <TextInput
          label={t('customerTypes.name')}
          value={filters.name}
          maxLength={49}
          onChange={(e) => setFilter('name', e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('customerTypes.empty')}
        testId="customer-types-table"
        sortable={CUSTOMER_TYPE_SORT_COLUMNS}
        sort={list.sort}
        onSort={list.setSort}
        minWidth={700}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('customerTypes.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {editing && (
        <CustomerTypeForm
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Card>
  );
}

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
    const saved = await form.submit(async (data) => {
      const body = { name: data.name, remark: data.remark || undefined };
      if (type)
        await updateCustomerType({ ...body, customerTypeId: type.customerTypeId, version: type.version });
      else await createCustomerType(body);
    });
    if (!saved) return;
    notifications.show({ color: 'green', message: t('customerTypes.saved') });
    props.onSaved();
  }

  return (
    <Modal opened onClose={props.onClose} title={t(type ? 'customerTypes.edit' : 'customerTypes.new')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label={t('customerTypes.name')} withAsterisk data-autofocus {...form.text('name')} />
          <Textarea
            label={t('customerTypes.remark')}
            autosize
            minRows={2}
            value={form.values.remark}
            onChange={(e) => form.set('remark', e.currentTarget.value)}
            error={form.errors.remark}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
