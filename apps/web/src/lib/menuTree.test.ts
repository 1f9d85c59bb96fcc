import type { MenuView, RouterNode } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { componentAt, PAGE_COMPONENTS, parentOptions } from './menuTree.ts';

const titles = (en: string) => ({ 'zh-CN': en, en, fr: en, id: en });
const menu = (
  menuId: string,
  parentId: string | null,
  menuType: MenuView['menuType'],
  orderNum = 0,
): MenuView => ({
  menuId,
  parentId,
  menuType,
  titles: titles(menuId),
  menuName: menuId,
  path: menuId,
  component: menuType === 'C' ? `${menuId}/index` : null,
  perms: null,
  icon: null,
  orderNum,
  visible: true,
  isCache: true,
  link: null,
  platformOnly: false,
  builtIn: false,
  createTime: '2026-01-01T00:00:00Z',
});

describe('the menu tree screen', () => {
  const tree = [
    menu('system', null, 'M', 1),
    menu('reports', 'system', 'M', 2),
    menu('users', 'system', 'C', 1),
    menu('add', 'users', 'F'),
    menu('daily', 'reports', 'C'),
  ];

  it('offers directories as parents of directories and pages, pages as parents of buttons', () => {
    expect(parentOptions(tree, 'C', null).map((o) => o.value)).toEqual(['system', 'reports']);
    expect(parentOptions(tree, 'F', null).map((o) => o.value)).toEqual(['users', 'daily']);
    // Not itself, nor anything below it.
    expect(parentOptions(tree, 'M', 'system').map((o) => o.value)).toEqual([]);
    expect(parentOptions(tree, 'M', 'reports').map((o) => o.value)).toEqual(['system']);
  });

  it('finds the component of a page operators added by its full path', () => {
    const meta = { title: 'x', icon: null, noCache: false, link: null };
    const routers: RouterNode[] = [
      {
        name: 'System',
        path: '/system',
        hidden: false,
        component: 'Layout',
        meta,
        children: [
          { name: 'bulletins', path: 'bulletins', hidden: false, component: 'system/dept/index', meta },
        ],
      },
    ];
    expect(componentAt(routers, '/system/bulletins')).toBe('system/dept/index');
    expect(componentAt(routers, '/system/other')).toBeNull();
    expect(componentAt(routers, '/system')).toBeNull();
    expect(PAGE_COMPONENTS).toContain('system/notice/center');
  });
});
