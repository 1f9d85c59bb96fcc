import type { MenuView } from '@hydrolog/schemas';
import { Badge } from '@mantine/core';
import { z } from 'zod';
import { Icon } from '../../components/Icon.tsx';
import { defineListScreen, listColumns, removalTexts, TextFilter } from '../../components/ListScreen.tsx';
import { foldAllAction, TreeName, treeRowActions, useIdSet } from '../../components/TreeList.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
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
  // Collapsed by default: the tree has a few hundred entries.
  usePage: (list) => ({ expanded: useIdSet(), editing: useListDialog<Editing>(list) }),
  shownRows: (rows, { list, page }) =>
    visibleTreeRows(
      rows,
      collapsedOf(rows, page.expanded.ids, Boolean(list.query.menuName)),
      (r) => r.menuId,
    ),
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="menuName" label={t('menus.menuName')} maxLength={100} />
  ),
  columns: ({ t, list, page }) => {
    const collapsed = collapsedOf(list.data?.rows ?? [], page.expanded.ids, Boolean(list.query.menuName));
    return [
      column.accessor('menuName', {
        header: () => t('menus.menuName'),
        cell: (c) => {
          const { menuId } = c.row.original;
          return (
            <TreeName
              row={c.row.original}
              name={c.getValue()}
              group="menus"
              open={!collapsed.has(menuId)}
              onToggle={() => page.expanded.toggle(menuId)}
            />
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
  rowActions: (menu, { t, page }) =>
    treeRowActions(t, 'menus', 'system:menu', menu.menuName, {
      // A button has no entries below it.
      below:
        menu.menuType === 'F' ? undefined : () => page.editing.open({ menu: null, parentId: menu.menuId }),
      edit: () => page.editing.open({ menu, parentId: menu.parentId }),
    }),
  remove: ({ t }) => ({
    permission: ['system:menu:remove'],
    allowed: (menu) => !menu.builtIn,
    ...removalTexts<MenuRow>(t, 'menus', (menu) => ({ name: menu.menuName })),
    run: ([menu]) => (menu ? deleteMenu(menu.menuId) : Promise.resolve()),
  }),
  actions: ({ t, list, page }) => {
    const rows = list.data?.rows ?? [];
    const branches = rows.filter((r) => r.childIds.length).map((r) => r.menuId);
    return [
      foldAllAction(t, 'menus', rows, page.expanded.ids.size > 0, (fold) =>
        page.expanded.setIds(new Set(fold ? [] : branches)),
      ),
      {
        label: t('menus.new'),
        permission: ['system:menu:add'],
        onClick: () => page.editing.open({ menu: null, parentId: null }),
      },
    ];
  },
  columnChoice: false,
  minWidth: 1000,
  rowProps: (menu) => ({ 'data-depth': menu.depth, 'aria-level': menu.depth + 1 }),
  dialogs: ({ list, page: { editing } }) =>
    editing.value && (
      <MenuForm
        menu={editing.value.menu}
        parentId={editing.value.parentId}
        menus={list.data?.rows ?? []}
        onClose={editing.close}
        onSaved={editing.saved}
      />
    ),
});
