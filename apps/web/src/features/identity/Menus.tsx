import type { MenuView } from '@hydrolog/schemas';
import { ActionIcon, Badge, Box, Button, Card, Group, TextInput, Title } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { FilterBar, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { type MenuRow, menuTreeRows } from '../../lib/menuTree.ts';
import { visibleTreeRows } from '../../lib/treeRows.ts';
import { deleteMenu, listMenus } from './api/menus.ts';
import { MenuForm } from './MenuForm.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, MenuRow>();
const NO_ROWS: MenuRow[] = [];
const KIND_COLORS = { M: 'blue', C: 'green', F: 'gray' } as const;

/** The form on screen: a new entry (under a parent or at the top) or one to edit. */
type Editing = { menu: MenuView | null; parentId: string | null };

/** Platform / Menus: the menu tree as a tree table; add, add below, edit, delete (not built-in entries). */
export function Menus() {
  const { t } = useTranslation();
  const [menuName, setMenuName] = useState('');
  const [applied, setApplied] = useState('');
  const [menus, setMenus] = useState<MenuView[] | null>(null);
  const [loading, setLoading] = useState(false);
  // Collapsed by default: the tree has a few hundred entries.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    listMenus({ menuName: applied.trim() || undefined })
      .then(setMenus, () => setMenus((m) => m ?? []))
      .finally(() => setLoading(false));
  }, [applied]);
  useEffect(load, [load]);

  const rows = useMemo(() => menuTreeRows(menus ?? []), [menus]);
  const collapsed = useMemo(
    () => new Set(rows.filter((r) => !expanded.has(r.menuId) && !applied).map((r) => r.menuId)),
    [rows, expanded, applied],
  );
  const visible = useMemo(() => visibleTreeRows(rows, collapsed, (r) => r.menuId), [rows, collapsed]);
  const anyExpanded = expanded.size > 0;

  const toggle = (menuId: string) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(menuId)) next.delete(menuId);
      else next.add(menuId);
      return next;
    });

  async function remove(menu: MenuView) {
    const done = await confirmAndRun(
      {
        title: t('menus.removeTitle'),
        message: t('menus.removeConfirm', { name: menu.menuName }),
        confirm: t('actions.remove'),
      },
      () => deleteMenu(menu.menuId),
      t('menus.removed', { name: menu.menuName }),
    );
    if (done) load();
  }

  const columns = column.columns([
    column.accessor('menuName', {
      header: () => t('menus.menuName'),
      cell: (c) => {
        const menu = c.row.original;
        const open = !collapsed.has(menu.menuId);
        return (
          <Group gap={4} wrap="nowrap" style={{ paddingLeft: menu.depth * 20 }}>
            {menu.childIds.length > 0 ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                aria-expanded={open}
                aria-label={t(open ? 'menus.collapseOf' : 'menus.expandOf', { name: menu.menuName })}
                onClick={() => toggle(menu.menuId)}
              >
                <Icon name={open ? 'chevron-down' : 'chevron-right'} size={14} />
              </ActionIcon>
            ) : (
              <Box w={22} />
            )}
            <span>{menu.menuName}</span>
          </Group>
        );
      },
    }),
    column.accessor('icon', {
      header: () => t('menus.icon'),
      cell: (c) => <Icon name={c.getValue()} size={16} />,
    }),
    column.accessor('menuType', {
      header: () => t('menus.menuType'),
      cell: (c) => (
        <Badge color={KIND_COLORS[c.getValue()]} variant="light">
          {t(`menus.kinds.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('orderNum', { header: () => t('menus.orderNum') }),
    column.accessor('perms', { header: () => t('menus.perms'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('component', {
      header: () => t('menus.componentOrLink'),
      cell: (c) => c.row.original.link ?? c.getValue() ?? '',
    }),
    column.accessor('visible', {
      header: () => t('menus.visible'),
      cell: (c) => (
        <Badge color={c.getValue() ? 'green' : 'gray'} variant="light">
          {t(c.getValue() ? 'menus.shown' : 'menus.hidden')}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => t('menus.actions'),
      cell: (c) => {
        const menu = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            {menu.menuType !== 'F' && (
              <HasPermi value={['system:menu:add']}>
                <RowAction
                  label={t('menus.newSub')}
                  ariaLabel={t('menus.addSubOf', { name: menu.menuName })}
                  icon="plus"
                  onClick={() => setEditing({ menu: null, parentId: menu.menuId })}
                />
              </HasPermi>
            )}
            <HasPermi value={['system:menu:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('menus.editOf', { name: menu.menuName })}
                icon="edit"
                onClick={() => setEditing({ menu, parentId: menu.parentId })}
              />
            </HasPermi>
            {!menu.builtIn && (
              <HasPermi value={['system:menu:remove']}>
                <RowAction
                  label={t('actions.remove')}
                  ariaLabel={t('menus.removeOf', { name: menu.menuName })}
                  icon="trash"
                  color="red"
                  onClick={() => void remove(menu)}
                />
              </HasPermi>
            )}
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: menus ? visible : NO_ROWS,
    getRowId: (row) => row.menuId,
  });

  return (
    <Card withBorder data-testid="menus-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('menus.title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={rows.length === 0}
            onClick={() =>
              setExpanded(
                anyExpanded ? new Set() : new Set(rows.filter((r) => r.childIds.length).map((r) => r.menuId)),
              )
            }
          >
            {t(anyExpanded ? 'menus.collapseAll' : 'menus.expandAll')}
          </Button>
          <HasPermi value={['system:menu:add']}>
            <Button onClick={() => setEditing({ menu: null, parentId: null })}>{t('menus.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar
        testId="menus-filter"
        onSearch={() => setApplied(menuName)}
        onReset={() => {
          setMenuName('');
          setApplied('');
        }}
      >
        <TextInput
          label={t('menus.menuName')}
          value={menuName}
          maxLength={100}
          onChange={(e) => setMenuName(e.currentTarget.value)}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={menus === null ? null : rows}
        loading={loading}
        empty={t('menus.empty')}
        testId="menus-table"
        minWidth={1000}
        rowProps={(menu) => ({ 'data-depth': menu.depth, 'aria-level': menu.depth + 1 })}
      />
      {editing && (
        <MenuForm
          menu={editing.menu}
          parentId={editing.parentId}
          menus={menus ?? []}
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
