import type { MenuView } from '@hydrolog/schemas';
import { ActionIcon, Badge, Box, Group } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { Icon } from '../../components/Icon.tsx';
import { defineListScreen, listColumns, removalTexts, TextFilter } from '../../components/ListScreen.tsx';
import { filterField } from '../../lib/listQuery.ts';
import { type MenuRow, menuTreeRows } from '../../lib/menuTree.ts';
import { visibleTreeRows } from '../../lib/treeRows.ts';
import { deleteMenu, listMenus } from './api/menus.ts';
import { MenuForm } from './MenuForm.tsx';

/** The route of this page (menu catalogue component 'system/menu/index'). */
export const MENUS_PATH = '/platform/menu';

const column = listColumns<MenuRow>();
const KIND_COLORS = { M: 'blue', C: 'green', F: 'gray' } as const;

/** The form on screen: a new entry (under a parent or at the top) or one to edit. */
type Editing = { menu: MenuView | null; parentId: string | null };

/** Folded entries: all but those opened, while no name is searched (a search shows every match). */
const collapsedOf = (rows: MenuRow[], expanded: ReadonlySet<string>, searched: boolean) =>
  new Set(searched ? [] : rows.filter((r) => !expanded.has(r.menuId)).map((r) => r.menuId));

/** Platform / Menus: the menu tree as a tree table; add, add below, edit, delete (not built-in entries). */
export const Menus = defineListScreen({
  path: MENUS_PATH,
  testId: 'menus',
  texts: { title: 'menus.title', empty: 'menus.empty', actions: 'menus.actions' },
  tree: true,
  filters: z.object({ menuName: filterField.text(100) }),
  fetch: async ({ menuName }) => {
    const rows = menuTreeRows(await listMenus({ menuName: menuName || undefined }));
    return { total: rows.length, rows };
  },
  rowId: (row) => row.menuId,
  usePage: () => {
    // Collapsed by default: the tree has a few hundred entries.
    const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
    const [editing, setEditing] = useState<Editing | null>(null);
    const toggle = (menuId: string) =>
      setExpanded((e) => {
        const next = new Set(e);
        if (next.has(menuId)) next.delete(menuId);
        else next.add(menuId);
        return next;
      });
    return { expanded, setExpanded, toggle, editing, setEditing };
  },
  shownRows: (rows, { list, page }) =>
    visibleTreeRows(rows, collapsedOf(rows, page.expanded, Boolean(list.query.menuName)), (r) => r.menuId),
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="menuName" label={t('menus.menuName')} maxLength={100} />
  ),
  columns: ({ t, list, page }) => {
    const collapsed = collapsedOf(list.data?.rows ?? [], page.expanded, Boolean(list.query.menuName));
    return [
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
                  onClick={() => page.toggle(menu.menuId)}
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
          <Badge color={KIND_COLORS[c.getValue() as MenuView['menuType']]} variant="light">
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
    ];
  },
  rowActions: (menu, { t, page }) => [
    // A button has no entries below it.
    ...(menu.menuType === 'F'
      ? []
      : [
          {
            label: t('menus.newSub'),
            ariaLabel: t('menus.addSubOf', { name: menu.menuName }),
            icon: 'plus',
            permission: ['system:menu:add'],
            onClick: () => page.setEditing({ menu: null, parentId: menu.menuId }),
          },
        ]),
    {
      label: t('actions.edit'),
      ariaLabel: t('menus.editOf', { name: menu.menuName }),
      icon: 'edit',
      permission: ['system:menu:edit'],
      onClick: () => page.setEditing({ menu, parentId: menu.parentId }),
    },
  ],
  remove: ({ t }) => ({
    permission: ['system:menu:remove'],
    allowed: (menu) => !menu.builtIn,
    ...removalTexts<MenuRow>(t, 'menus', (menu) => ({ name: menu.menuName })),
    run: ([menu]) => (menu ? deleteMenu(menu.menuId) : Promise.resolve()),
  }),
  actions: ({ t, list, page }) => {
    const rows = list.data?.rows ?? [];
    const anyExpanded = page.expanded.size > 0;
    return [
      {
        label: t(anyExpanded ? 'menus.collapseAll' : 'menus.expandAll'),
        variant: 'default',
        disabled: rows.length === 0,
        onClick: () =>
          page.setExpanded(
            anyExpanded ? new Set() : new Set(rows.filter((r) => r.childIds.length).map((r) => r.menuId)),
          ),
      },
      {
        label: t('menus.new'),
        permission: ['system:menu:add'],
        onClick: () => page.setEditing({ menu: null, parentId: null }),
      },
    ];
  },
  columnChoice: false,
  minWidth: 1000,
  rowProps: (menu) => ({ 'data-depth': menu.depth, 'aria-level': menu.depth + 1 }),
  dialogs: ({ list, page: { editing, setEditing } }) =>
    editing && (
      <MenuForm
        menu={editing.menu}
        parentId={editing.parentId}
        menus={list.data?.rows ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.load();
        }}
      />
    ),
});
