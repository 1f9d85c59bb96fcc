import { type MenuTreeNode, type RoleView, roleBodySchema, updateRoleBodySchema } from '@hydrolog/schemas';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedField } from '../../components/SegmentedField.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { createRole, getRole, menuTree, roleMenuTree, updateRole } from './api/organisation.ts';
import { indexMenuTree, normaliseTicked, tickedMenuIds } from './menuTick.ts';
import { PermissionTree } from './PermissionTree.tsx';

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
  const [menus, setMenus] = useState<MenuTreeNode[]>([]);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const index = useMemo(() => indexMenuTree(menus), [menus]);
  const { refresh } = form;

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
  }, [role, refresh]);

  async function submit() {
    if (readOnly) return;
    const menuIds = tickedMenuIds(index, ticked);
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
    <Modal opened onClose={onClose} title={title} size="lg">
      <SubmitForm onSubmit={submit}>
        <Stack>
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
            <NumberInput
              label={t('roles.orderNum')}
              min={0}
              max={9999}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
              value={form.values.orderNum}
              onChange={(value) =>
                form.set('orderNum', typeof value === 'number' ? value : Number(value) || 0)
              }
              error={form.errors.orderNum}
            />
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
            nodes={menus}
            index={index}
            ticked={ticked}
            onTicked={setTicked}
            expanded={expanded}
            onExpanded={setExpanded}
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
          <Group justify="flex-end">
            {readOnly ? (
              <Button variant="default" onClick={onClose}>
                {t('roles.close')}
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={form.busy}>
                  {t('common.save')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
