import { MENU_CATALOGUE, type MenuView, type RouterNode } from '@hydrolog/schemas';
import { resolvePath } from '../layout/menu.ts';
import { type TreeRow, type TreeShape, treeRows } from './treeRows.ts';

/** An entry of the menu tree shown as a row of the tree table. */
export interface MenuRow extends MenuView, TreeRow {}

const MENU_TREE: TreeShape<MenuView> = {
  id: (m) => m.menuId,
  parentId: (m) => m.parentId,
  compare: (a, b) => a.orderNum - b.orderNum || a.menuName.localeCompare(b.menuName),
};

export const menuTreeRows = (menus: readonly MenuView[]): MenuRow[] => treeRows(menus, MENU_TREE);

/** The parents an entry of this kind may have: directories hold directories and pages, pages hold buttons. */
export function parentOptions(
  menus: readonly MenuView[],
  menuType: MenuView['menuType'],
  self: string | null,
): { value: string; label: string }[] {
  const wanted = menuType === 'F' ? 'C' : 'M';
  const below = new Set<string>(self ? [self] : []);
  // An entry cannot go under itself or anything below it.
  for (const row of menuTreeRows(menus)) if (row.parentId && below.has(row.parentId)) below.add(row.menuId);
  return menuTreeRows(menus)
    .filter((m) => m.menuType === wanted && !below.has(m.menuId))
    .map((m) => ({ value: m.menuId, label: `${'\u2003'.repeat(m.depth)}${m.menuName}` }));
}

/** The page components the web app has (the catalogue's), for the component field. */
export const PAGE_COMPONENTS: readonly string[] = [
  ...new Set(MENU_CATALOGUE.filter((m) => m.menuType === 'C' && m.component).map((m) => m.component!)),
].sort();

/** The page component of the menu tree's page at `pathname` (entries operators added have no static route). */
export function componentAt(nodes: readonly RouterNode[], pathname: string, base = '/'): string | null {
  for (const node of nodes) {
    const fullPath = resolvePath(base, node.path);
    if (node.children?.length) {
      const found = componentAt(node.children, pathname, fullPath);
      if (found) return found;
    } else if (fullPath === pathname && node.component !== 'Layout') return node.component;
  }
  return null;
}
