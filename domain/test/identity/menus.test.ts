import type { DomainEvent } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type Decider, type DomainError, fold } from '../../src/decider.ts';
import { type MenuEvent, type MenuFields, menuTreeDecider } from '../../src/identity/index.ts';

function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[]) {
  return { when: (command: C) => decider.decide(command, fold(decider, events)) };
}
const keyOf = (result: unknown) => (result as DomainError).key;

const titles = (en: string) => ({ 'zh-CN': en, en, fr: en, id: en });
const fields = (over: Partial<MenuFields>): MenuFields => ({
  parentId: null,
  menuType: 'M',
  titles: titles('Entry'),
  path: 'entry',
  component: null,
  perms: null,
  icon: null,
  orderNum: 1,
  visible: true,
  isCache: true,
  link: null,
  platformOnly: false,
  ...over,
});
const created = (menuId: string, over: Partial<MenuFields>, builtIn = false): MenuEvent => ({
  type: 'MenuCreated',
  data: { menuId, ...fields(over), builtIn },
});

const system = created('system', { path: 'system' }, true);
const tenant = created('tenant', { path: 'tenant', platformOnly: true }, true);
const noticePage = created(
  'system.notice',
  {
    parentId: 'system',
    menuType: 'C',
    path: 'notice',
    component: 'system/notice/index',
    perms: 'system:notice:list',
  },
  true,
);
const builtIns = [system, tenant, noticePage];

describe('menu tree decider', () => {
  it('seeds only the catalogue entries not in the tree yet, as built-in', () => {
    const seeded = given(menuTreeDecider, [system]).when({
      type: 'SeedBuiltInMenus',
      entries: [system, tenant].map((e) => {
        const { builtIn: _, ...data } = e.data as MenuEvent['data'] & { builtIn: boolean };
        return data as MenuFields & { menuId: string };
      }),
    });
    expect(seeded).toEqual([{ type: 'MenuCreated', data: { ...tenant.data, builtIn: true } }]);
  });

  it('puts directories at the top or in directories, pages in directories, buttons in pages', () => {
    const create = (over: Partial<MenuFields>) =>
      given(menuTreeDecider, builtIns).when({ type: 'CreateMenu', menuId: 'new', fields: fields(over) });
    expect(create({ menuType: 'M' })).toHaveLength(1);
    expect(create({ menuType: 'M', parentId: 'system' })).toHaveLength(1);
    expect(create({ menuType: 'C', parentId: 'system', component: 'x' })).toHaveLength(1);
    expect(create({ menuType: 'F', parentId: 'system.notice', perms: 'a:b' })).toHaveLength(1);
    expect(keyOf(create({ menuType: 'C', component: 'x' }))).toBe('error.menu.parentType');
    expect(keyOf(create({ menuType: 'F', parentId: 'system', perms: 'a:b' }))).toBe('error.menu.parentType');
    expect(keyOf(create({ menuType: 'M', parentId: 'system.notice' }))).toBe('error.menu.parentType');
    expect(keyOf(create({ menuType: 'M', parentId: 'gone' }))).toBe('error.menu.parentNotFound');
    expect(
      keyOf(
        given(menuTreeDecider, builtIns).when({ type: 'CreateMenu', menuId: 'system', fields: fields({}) }),
      ),
    ).toBe('error.menu.exists');
  });

  it('makes entries below a platform-only directory platform-only', () => {
    const result = given(menuTreeDecider, builtIns).when({
      type: 'CreateMenu',
      menuId: 'sub',
      fields: fields({ parentId: 'tenant', platformOnly: false }),
    });
    expect((result as MenuEvent[])[0]?.data).toMatchObject({ platformOnly: true, builtIn: false });
  });

  it('lets operators rename, reorder and hide built-in entries but not rewire or delete them', () => {
    const change = (over: Partial<MenuFields>) =>
      given(menuTreeDecider, builtIns).when({
        type: 'ChangeMenu',
        menuId: 'system.notice',
        fields: { ...(noticePage.data as MenuFields), ...over },
      });
    expect(change({ titles: titles('Bulletins'), orderNum: 9, visible: false, icon: 'mail' })).toHaveLength(
      1,
    );
    for (const rewired of [
      { component: 'system/user/index' },
      { perms: 'system:notice:other' },
      { path: 'notices' },
      { parentId: 'tenant' },
      { menuType: 'M' as const },
    ]) {
      expect(keyOf(change(rewired))).toBe('error.menu.builtIn');
    }
    expect(change({})).toEqual([]);
    expect(
      keyOf(given(menuTreeDecider, builtIns).when({ type: 'DeleteMenu', menuId: 'system.notice' })),
    ).toBe('error.menu.builtIn');
  });

  it('refuses loops, deleting entries with sub-entries and unknown entries', () => {
    const outer = created('outer', { path: 'outer' });
    const inner = created('inner', { path: 'inner', parentId: 'outer' });
    const tree = [...builtIns, outer, inner];
    const loop = given(menuTreeDecider, tree).when({
      type: 'ChangeMenu',
      menuId: 'outer',
      fields: fields({ path: 'outer', parentId: 'inner' }),
    });
    expect(keyOf(loop)).toBe('error.menu.parentLoop');
    expect(keyOf(given(menuTreeDecider, tree).when({ type: 'DeleteMenu', menuId: 'outer' }))).toBe(
      'error.menu.hasChildren',
    );
    const deleted = given(menuTreeDecider, tree).when({ type: 'DeleteMenu', menuId: 'inner' });
    expect(deleted).toEqual([{ type: 'MenuDeleted', data: { menuId: 'inner' } }]);
    expect(keyOf(given(menuTreeDecider, tree).when({ type: 'DeleteMenu', menuId: 'gone' }))).toBe(
      'error.menu.notFound',
    );
    const state = fold(menuTreeDecider, [...tree, ...(deleted as MenuEvent[])]);
    expect(Object.keys(state.entries)).not.toContain('inner');
  });
});
