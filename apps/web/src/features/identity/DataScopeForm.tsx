import { DATA_SCOPES, type DataScopeKind, type MenuTreeNode, type RoleView } from '@hydrolog/schemas';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeDataScope, roleDeptTree } from './api/organisation.ts';
import { indexMenuTree } from './menuTick.ts';
import { PermissionTree } from './PermissionTree.tsx';

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
  const [depts, setDepts] = useState<MenuTreeNode[]>([]);
  const [ticked, setTicked] = useState<Set<string>>(new Set(role.deptIds));
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const index = useMemo(() => indexMenuTree(depts), [depts]);

  useEffect(() => {
    roleDeptTree(role.roleId).then(
      ({ depts: tree, checkedKeys }) => {
        setDepts(tree);
        setTicked(new Set(checkedKeys));
        setExpanded(new Set(indexMenuTree(tree).all));
      },
      () => undefined,
    );
  }, [role.roleId]);

  async function save() {
    setSaving(true);
    try {
      await changeDataScope({
        roleId: role.roleId,
        dataScope,
        deptIds: dataScope === '2' ? [...ticked] : [],
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
    <Modal opened onClose={onClose} title={t('roles.dataScopeOf', { name: role.roleName })}>
      <Stack>
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
        {dataScope === '2' && (
          <PermissionTree
            label={t('roles.dataScopeDepts')}
            nodes={depts}
            index={index}
            ticked={ticked}
            onTicked={setTicked}
            expanded={expanded}
            onExpanded={setExpanded}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
