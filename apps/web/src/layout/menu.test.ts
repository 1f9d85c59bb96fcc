import type { RouterNode } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { breadcrumbs, indexRoutes, menuLabel, openedDirectory, sectionOf, toSidebarItems } from './menu.ts';

const meta = (title: string, extra: Partial<RouterNode['meta']> = {}) => ({
  title,
  icon: null,
  noCache: false,
  link: null,
  ...extra,
});
const pageNode = (path: string, title: string, extra: Partial<RouterNode> = {}): RouterNode => ({
  name: path,
  path,
  hidden: false,
  component: `x/${path}/index`,
  meta: meta(title),
  ...extra,
});
const dir = (
  path: string,
  title: string,
  children: RouterNode[],
  alwaysShow = children.length > 1,
): RouterNode => ({
  name: path,
  path: `/${path}`,
  hidden: false,
  redirect: 'noRedirect',
  component: 'Layout',
  alwaysShow,
  meta: { ...meta(title), icon: 'settings' },
  children,
});

const tree: RouterNode[] = [
  dir('system', 'System', [
    pageNode('user', 'Staff users'),
    pageNode('role', 'Roles'),
    pageNode('secret', 'Hidden', { hidden: true }),
  ]),
  dir('message', 'Messages', [pageNode('noticeCenter', 'Notice centre')]),
  dir('cascade', 'Cascade', [
    pageNode('partition', 'Partitions'),
    pageNode('cascadeScreen', 'Leakage screen', {
      component: 'cascadeScreen',
      meta: meta('Leakage screen', { link: '/cascadeScreen' }),
    }),
  ]),
  dir('empty', 'Empty', [pageNode('gone', 'Gone', { hidden: true })], false),
];

describe('menu tree to sidebar', () => {
  const items = toSidebarItems(tree);

  it('gives full paths, leaves hidden entries and empty directories out', () => {
    expect(items.map((i) => i.path)).toEqual(['/system', '/message/noticeCenter', '/cascade']);
    expect(items[0]!.children!.map((c) => c.path)).toEqual(['/system/user', '/system/role']);
  });

  it('collapses a directory with one visible child to that child, keeping the directory icon', () => {
    expect(items[1]).toMatchObject({
      path: '/message/noticeCenter',
      title: 'Notice centre',
      children: null,
      icon: 'settings',
    });
  });

  it('opens the full-screen leakage view in a new tab at /cascadeScreen', () => {
    expect(items[2]!.children![1]).toMatchObject({ path: '/cascadeScreen', newTab: true });
  });

  it('truncates menu text at 25 characters and adds a tooltip over 17', () => {
    expect(menuLabel('Seventeen chars!!')).toEqual({ label: 'Seventeen chars!!', tooltip: null });
    expect(menuLabel('Eighteen chars!!!!')).toEqual({
      label: 'Eighteen chars!!!!',
      tooltip: 'Eighteen chars!!!!',
    });
    const long = 'A very long menu title that goes on';
    expect(menuLabel(long)).toEqual({ label: `${long.slice(0, 25)}…`, tooltip: long });
  });

  it('finds the directory of a page for the second-level strip and the open submenu', () => {
    expect(sectionOf(items, '/system/role')?.map((c) => c.path)).toEqual(['/system/user', '/system/role']);
    expect(sectionOf(items, '/message/noticeCenter')).toBeNull();
    expect(openedDirectory(items, '/system/user')).toBe('/system');
    expect(openedDirectory(items, '/index')).toBeNull();
  });
});

describe('breadcrumb', () => {
  const routes = indexRoutes(tree);

  it('indexes every page, hidden ones too, with its chain', () => {
    expect(routes.get('/system/secret')?.map((r) => r.title)).toEqual(['System', 'Hidden']);
    expect(routes.has('/cascadeScreen')).toBe(true);
  });

  it('starts from Home; directories (noRedirect) and the last entry are not links', () => {
    expect(breadcrumbs(routes.get('/system/user')!, 'Home')).toEqual([
      { title: 'Home', path: '/index', link: true },
      { title: 'System', path: '/system', link: false },
      { title: 'Staff users', path: '/system/user', link: false },
    ]);
  });

  it('does not repeat Home when the first entry is Home', () => {
    expect(breadcrumbs([{ path: '/index', title: 'Home' }], 'Home')).toEqual([
      { title: 'Home', path: '/index', link: false },
    ]);
  });

  it('links a page entry that is not the last one', () => {
    const chain = [
      { path: '/a', title: 'A', redirect: undefined },
      { path: '/a/b', title: 'B' },
    ];
    expect(breadcrumbs(chain, 'Home').map((c) => c.link)).toEqual([true, true, false]);
  });
});
