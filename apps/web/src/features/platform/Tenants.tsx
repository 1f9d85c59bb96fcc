import type { TenantView } from '@hydrolog/schemas';
import { Avatar, Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { showError } from '../../api/request.ts';
import { Icon } from '../../components/Icon.tsx';
import {
  defineListScreen,
  editRowOf,
  listColumns,
  listTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../lib/images.ts';
import { filterField } from '../../lib/listQuery.ts';
import { listTenants, resumeTenant, suspendTenant, uploadTenantLogo } from './api/tenants.ts';
import { TenantForm } from './TenantForm.tsx';

/** The route of this page (menu catalogue component 'tenant/list/index'). */
export const TENANTS_PATH = '/tenant/list';

const column = listColumns<TenantView>();

/** Suspend (its users' sessions end) or resume, after a confirmation. */
function toggleSuspended(t: TFunction, tenant: TenantView) {
  const suspend = tenant.status === 'active';
  // Refused: shown by the request layer (the platform tenant)
  return confirmAndRun(
    {
      title: t(suspend ? 'tenants.suspendTitle' : 'tenants.resumeTitle'),
      message: t(suspend ? 'tenants.suspendConfirm' : 'tenants.resumeConfirm', { name: tenant.name }),
      confirm: t(suspend ? 'tenants.suspend' : 'tenants.resume'),
    },
    () => (suspend ? suspendTenant : resumeTenant)(tenant.tenantId),
    t(suspend ? 'tenants.suspended' : 'tenants.resumed', { name: tenant.name }),
  );
}

async function uploadLogo(t: TFunction, tenant: TenantView, file: File | null): Promise<boolean> {
  if (!file) return false;
  const problem = imageProblem(file);
  if (problem) {
    showError(problem);
    return false;
  }
  try {
    await uploadTenantLogo(tenant.tenantId, file);
    notifications.show({ color: 'green', message: t('tenants.logoSaved', { name: tenant.name }) });
    return true;
  } catch {
    return false; // shown by the request layer
  }
}

/** Tenants: server-paginated list with a name filter; create, edit, logo, suspend and resume. */
export const Tenants = defineListScreen({
  path: TENANTS_PATH,
  testId: 'tenants',
  texts: listTexts('tenants'),
  filters: z.object({ name: filterField.text(50) }),
  fetch: ({ pageNum, pageSize, name }) => listTenants({ pageNum, pageSize, name: name || undefined }),
  rowId: (row) => row.tenantId,
  filterBar: (bar, { t }) => <TextFilter bar={bar} name="name" label={t('tenants.filter')} maxLength={50} />,
  columns: ({ t }) => [
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
  ],
  editRow: editRowOf<TenantView>('tenants', 'system:tenant:edit', (tenant) => tenant.name),
  rowActions: (tenant, { t, list }) => {
    const suspend = tenant.status === 'active';
    return [
      {
        label: t('tenants.logo'),
        ariaLabel: t('tenants.uploadLogoOf', { name: tenant.name }),
        icon: 'upload',
        permission: ['system:tenant:edit'],
        upload: {
          accept: IMAGE_ACCEPT,
          onFile: async (file) => {
            if (await uploadLogo(t, tenant, file)) list.load();
          },
        },
      },
      // The platform tenant is never suspended.
      ...(tenant.kind === 'platform'
        ? []
        : [
            {
              label: t(suspend ? 'tenants.suspend' : 'tenants.resume'),
              ariaLabel: t(suspend ? 'tenants.suspendOf' : 'tenants.resumeOf', { name: tenant.name }),
              icon: suspend ? 'pause' : 'play',
              color: suspend ? 'red' : 'green',
              permission: ['system:tenant:suspend'],
              onClick: async () => {
                if (await toggleSuspended(t, tenant)) list.load();
              },
            },
          ]),
    ];
  },
  minWidth: 900,
  create: ({ t }) => ({ label: t('tenants.new'), permission: ['system:tenant:add'] }),
  form: ({ row, close, saved }) => <TenantForm tenant={row} onClose={close} onSaved={saved} />,
});
