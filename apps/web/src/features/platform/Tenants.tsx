import { DEFAULT_PAGE_SIZE, type TenantView } from '@hydrolog/schemas';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/request.ts';
import { Icon } from '../../components/Icon.tsx';
import { ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../lib/images.ts';
import { listTenants, resumeTenant, suspendTenant, uploadTenantLogo } from './api/tenants.ts';
import { TenantForm } from './TenantForm.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, TenantView>();
const NO_ROWS: TenantView[] = [];

/** Tenants: server-paginated list with a name filter; create, edit, logo, suspend and resume. */
export function Tenants() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [name, setName] = useState('');
  const [data, setData] = useState<{ total: number; rows: TenantView[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<TenantView | 'new' | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    listTenants({ ...page, name: name.trim() || undefined })
      .then(
        ({ total, rows }) => setData({ total, rows }),
        () => setData((d) => d ?? { total: 0, rows: [] }),
      )
      .finally(() => setLoading(false));
  }, [page, name]);
  useEffect(load, [load]);

  /** Suspend (its users' sessions end) or resume, after a confirmation. */
  async function toggleSuspended(tenant: TenantView) {
    const suspend = tenant.status === 'active';
    // Refused: shown by the request layer (the platform tenant)
    const done = await confirmAndRun(
      {
        title: t(suspend ? 'tenants.suspendTitle' : 'tenants.resumeTitle'),
        message: t(suspend ? 'tenants.suspendConfirm' : 'tenants.resumeConfirm', { name: tenant.name }),
        confirm: t(suspend ? 'tenants.suspend' : 'tenants.resume'),
      },
      () => (suspend ? suspendTenant : resumeTenant)(tenant.tenantId),
      t(suspend ? 'tenants.suspended' : 'tenants.resumed', { name: tenant.name }),
    );
    if (done) load();
  }

  async function uploadLogo(tenant: TenantView, file: File | null) {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) return showError(problem);
    try {
      await uploadTenantLogo(tenant.tenantId, file);
      notifications.show({ color: 'green', message: t('tenants.logoSaved', { name: tenant.name }) });
      load();
    } catch {
      // shown by the request layer
    }
  }

  const columns = column.columns([
    column.accessor('logoUrl', {
      header: () => t('tenants.logo'),
      cell: (c) => (
        <Avatar
          src={c.getValue()}
          size="sm"
          radius="sm"
          color="brand"
          alt={t('tenants.logoOf', { name: c.row.original.name })}
        >
          <Icon name="building" size={16} />
        </Avatar>
      ),
    }),
    column.accessor('name', { header: () => t('tenants.name') }),
    column.accessor('status', {
      header: () => t('tenants.status'),
      cell: (c) => (
        <Badge color={c.getValue() === 'active' ? 'green' : 'red'} variant="light">
          {t(`tenants.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
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
      cell: (c) => {
        const tenant = c.row.original;
        const suspend = tenant.status === 'active';
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:tenant:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('tenants.editOf', { name: tenant.name })}
                icon="edit"
                onClick={() => setEditing(tenant)}
              />
              <FileButton onChange={(file) => void uploadLogo(tenant, file)} accept={IMAGE_ACCEPT}>
                {(props) => (
                  <Tooltip label={t('tenants.logo')} withinPortal>
                    <ActionIcon
                      {...props}
                      variant="subtle"
                      aria-label={t('tenants.uploadLogoOf', { name: tenant.name })}
                    >
                      <Icon name="upload" size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </FileButton>
            </HasPermi>
            {tenant.kind !== 'platform' && (
              <HasPermi value={['system:tenant:suspend']}>
                <RowAction
                  label={t(suspend ? 'tenants.suspend' : 'tenants.resume')}
                  ariaLabel={t(suspend ? 'tenants.suspendOf' : 'tenants.resumeOf', { name: tenant.name })}
                  icon={suspend ? 'pause' : 'play'}
                  color={suspend ? 'red' : 'green'}
                  onClick={() => void toggleSuspended(tenant)}
                />
              </HasPermi>
            )}
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({ features, columns, data: data?.rows ?? NO_ROWS, getRowId: (row) => row.tenantId });

  return (
    <Card withBorder data-testid="tenants-page">
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
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('tenants.empty')}
        testId="tenants-table"
        minWidth={900}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('tenants.total', { count: data?.total ?? 0 })}
        page={page}
        onChange={setPage}
      />
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
