import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type TenantView } from '@hydrolog/schemas';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTenants } from '../api/tenants.ts';
import { HasPermi } from '../components/Permission.tsx';
import { TenantForm } from './TenantForm.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, TenantView>();
const NO_ROWS: TenantView[] = [];

/** Tenants: server-paginated list with a name filter, create and edit. */
export function Tenants() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [name, setName] = useState('');
  const [data, setData] = useState<{ total: number; rows: TenantView[] } | null>(null);
  const [editing, setEditing] = useState<TenantView | 'new' | null>(null);

  const load = useCallback(() => {
    listTenants({ ...page, name: name.trim() || undefined }).then(
      ({ total, rows }) => setData({ total, rows }),
      () => setData({ total: 0, rows: [] }),
    );
  }, [page, name]);
  useEffect(load, [load]);

  const columns = column.columns([
    column.accessor('name', { header: () => t('tenants.name') }),
    column.accessor('kind', {
      header: () => t('tenants.kind'),
      cell: (c) => t(`tenants.kinds.${c.getValue()}`),
    }),
    column.accessor('trial', {
      header: () => t('tenants.trial'),
      cell: (c) =>
        c.getValue() ? (
          <Badge color="orange">
            {t('tenants.trialDaysLeft', { count: c.row.original.trialDaysLeft ?? 0 })}
          </Badge>
        ) : null,
    }),
    column.accessor((row) => row.settings.timeZone, { id: 'timeZone', header: () => t('tenants.timeZone') }),
    column.accessor('createdAt', {
      header: () => t('tenants.createdAt'),
      cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss'),
    }),
    column.display({
      id: 'actions',
      header: () => t('tenants.actions'),
      cell: (c) => (
        <HasPermi value={['system:tenant:edit']}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('tenants.edit')} ${c.row.original.name}`}
            onClick={() => setEditing(c.row.original)}
          >
            ✎
          </ActionIcon>
        </HasPermi>
      ),
    }),
  ]);
  const table = useTable({ features, columns, data: data?.rows ?? NO_ROWS });

  return (
    <Card withBorder>
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('tenants.title')}</Title>
        <Group>
          <TextInput
            placeholder={t('tenants.filter')}
            aria-label={t('tenants.filter')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
          />
          <HasPermi value={['system:tenant:add']}>
            <Button onClick={() => setEditing('new')}>{t('tenants.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th key={header.id}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {!data &&
            [0, 1, 2].map((i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={columns.length}>
                  <Skeleton height={18} />
                </Table.Td>
              </Table.Tr>
            ))}
          {data?.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center">
                  {t('tenants.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Text size="sm" c="dimmed">
          {t('tenants.total', { count: data?.total ?? 0 })}
        </Text>
        <Select
          w={90}
          aria-label="page size"
          allowDeselect={false}
          data={PAGE_SIZES.map(String)}
          value={String(page.pageSize)}
          onChange={(value) => value && setPage({ pageNum: 1, pageSize: Number(value) })}
        />
        <Pagination
          total={Math.max(1, Math.ceil((data?.total ?? 0) / page.pageSize))}
          value={page.pageNum}
          onChange={(pageNum) => setPage((p) => ({ ...p, pageNum }))}
        />
      </Group>
      {editing && (
        <TenantForm
          tenant={editing === 'new' ? null : editing}
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
