import type { Sql } from '@hydrolog/eventstore';
import type { Language, MenuView } from '@hydrolog/schemas';

interface MenuRow {
  menu_id: string;
  parent_id: string | null;
  menu_type: MenuView['menuType'];
  titles: MenuView['titles'];
  path: string;
  component: string | null;
  perms: string | null;
  icon: string | null;
  order_num: number;
  visible: boolean;
  is_cache: boolean;
  link: string | null;
  platform_only: boolean;
  built_in: boolean;
  created_at: Date;
}

/** Every entry of the menu tree, parents before children, in their order. */
export async function listMenus(sql: Sql, language: Language): Promise<MenuView[]> {
  const { rows } = await sql.query<MenuRow>('SELECT * FROM sys_menu ORDER BY order_num, menu_id');
  return rows.map((r) => ({
    menuId: r.menu_id,
    parentId: r.parent_id,
    menuType: r.menu_type,
    titles: r.titles,
    menuName: r.titles[language],
    path: r.path,
    component: r.component,
    perms: r.perms,
    icon: r.icon,
    orderNum: r.order_num,
    visible: r.visible,
    isCache: r.is_cache,
    link: r.link,
    platformOnly: r.platform_only,
    builtIn: r.built_in,
    createTime: r.created_at.toISOString(),
  }));
}
