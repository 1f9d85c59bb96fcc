import { DATA_SCOPES, type DataScopeKind, type RoleView } from '@hydrolog/schemas';
import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { changeDataScope, roleDeptTree } from './api/organisation.ts';
import { indexMenuTree } from './menuTick.ts';
import { PermissionTree, usePermissionTree } from './PermissionTree.tsx';

/** Which customers, meters and users a role's users see: one of the five scopes, departments for a custom one. */
export function DataScopeForm({
  role,
  onClose,
  onSaved,
}: {
  role: RoleView;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [dataScope, setDataScope] = useState<DataScopeKind>(role.dataScope);
  const depts = usePermissionTree(role.deptIds);
  const [saving, setSaving] = useState(false);
  const { setNodes, setTicked, setExpanded } = depts;

  useEffect(() => {
    roleDeptTree(role.roleId).then(
      ({ depts: tree, checkedKeys }) => {
        setNodes(tree);
        setTicked(new Set(checkedKeys));
        setExpanded(new Set(indexMenuTree(tree).all));
      },
      () => undefined,
    );
  }, [role.roleId, setNodes, setTicked, setExpanded]);

  async function save() {
    setSaving(true);
    try {
      await changeDataScope({
        roleId: role.roleId,
        dataScope,
        deptIds: dataScope === '2' ? [...depts.ticked] : [],
      });
      notifications.show({ color: 'green', message: t('roles.dataScopeSaved') });
      onSaved();
    } catch {
      // The request helper has shown the reason.
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={t('roles.dataScopeOf', { name: role.roleName })}
      busy={saving}
      onClose={onClose}
      onSubmit={save}
    >
      <Select
        label={t('roles.dataScope')}
        data={DATA_SCOPES.map((s) => ({ value: s, label: t(`roles.dataScopes.${s}`) }))}
        value={dataScope}
        allowDeselect={false}
        onChange={(value) => {
          const found = DATA_SCOPES.find((s) => s === value);
          if (found) setDataScope(found);
        }}
      />
      {dataScope === '2' && <PermissionTree label={t('roles.dataScopeDepts')} tree={depts} />}
    </FormDialog>
  );
}
