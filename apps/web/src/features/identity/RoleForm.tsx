import { type RoleView, roleBodySchema, updateRoleBodySchema } from '@hydrolog/schemas';
import { Alert, Group, Select, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { OrderInput } from '../../components/OrderInput.tsx';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createRole, getRole, menuTree, roleMenuTree, updateRole } from './api/organisation.ts';
import { indexMenuTree, normaliseTicked, tickedMenuIds } from './menuTick.ts';
import { PermissionTree, usePermissionTree } from './PermissionTree.tsx';

interface Props {
  /** The role to edit (or view, the administrator role); null to create one. */
  role: RoleView | null;
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  roleId?: string;
  roleName: string;
  roleKey: string;
  roleType: 'general' | 'agent';
  orderNum: number;
  status: '0' | '1';
  remark: string;
}

const valuesOf = (role: RoleView | null): Values => ({
  roleId: role?.roleId,
  roleName: role?.roleName ?? '',
  roleKey: role?.roleKey ?? '',
  roleType: role?.roleType ?? 'general',
  orderNum: role?.orderNum ?? 0,
  status: role?.status ?? '0',
  remark: role?.remark ?? '',
});

/** Create or edit a role and the menus and buttons it grants; the administrator role only shows. */
export function RoleForm({ role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const readOnly = role?.admin === true;
  const form = useSchemaForm<Values, unknown>(role ? updateRoleBodySchema : roleBodySchema, valuesOf(role));
  const menus = usePermissionTree();
  const { refresh } = form;
  const { setNodes: setMenus, setTicked } = menus;

  useEffect(() => {
    if (!role) {
      menuTree().then(setMenus, () => undefined);
      return;
    }
    getRole(role.roleId).then(
      (fresh) => refresh(valuesOf(fresh)),
      () => undefined,
    );
    roleMenuTree(role.roleId).then(
      ({ menus: tree, checkedKeys }) => {
        setMenus(tree);
        setTicked(normaliseTicked(indexMenuTree(tree), checkedKeys));
      },
      () => undefined,
    );
  }, [role, refresh, setMenus, setTicked]);

  async function submit() {
    if (readOnly) return;
    const menuIds = tickedMenuIds(menus.index, menus.ticked);
    await form.save(
      async (data) => {
        const body = { ...(data as object), menuIds };
        if (role) await updateRole(body as Parameters<typeof updateRole>[0]);
        else await createRole(body as Parameters<typeof createRole>[0]);
      },
      t('roles.saved'),
      onSaved,
    );
  }

  const title = readOnly ? t('roles.view') : t(role ? 'roles.edit' : 'roles.new');

  return (
    <FormDialog
      title={title}
      size="lg"
      busy={form.busy}
      closeOnly={readOnly ? t('roles.close') : undefined}
      onClose={onClose}
      onSubmit={submit}
    >
      {readOnly && (
        <Alert color="blue" variant="light">
          {t('roles.admin')}
        </Alert>
      )}
      <Group grow align="flex-start">
        <TextInput
          label={t('roles.roleName')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          readOnly={readOnly}
          {...form.text('roleName')}
        />
        <TextInput
          label={t('roles.roleKey')}
          description={t('roles.roleKeyHint')}
          withAsterisk
          autoComplete="off"
          readOnly={readOnly}
          {...form.text('roleKey')}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('roles.roleType')}
          data={(['general', 'agent'] as const).map((r) => ({
            value: r,
            label: t(`roles.roleTypes.${r}`),
          }))}
          value={form.values.roleType}
          onChange={(value) => form.set('roleType', value === 'agent' ? 'agent' : 'general')}
          error={form.errors.roleType}
          allowDeselect={false}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        <OrderInput label={t('roles.orderNum')} readOnly={readOnly} {...form.number('orderNum')} />
      </Group>
      <SegmentedField
        label={t('roles.status')}
        options={(['0', '1'] as const).map((s) => ({ value: s, label: t(`roles.statuses.${s}`) }))}
        value={form.values.status}
        readOnly={readOnly}
        onChange={(value) => form.set('status', value)}
      />
      <PermissionTree
        label={t('roles.permissions')}
        tree={menus}
        readOnly={readOnly}
        error={form.errors.menuIds}
      />
      <Textarea
        label={t('roles.remark')}
        autosize
        minRows={2}
        maxRows={5}
        readOnly={readOnly}
        {...form.text('remark')}
      />
    </FormDialog>
  );
}
