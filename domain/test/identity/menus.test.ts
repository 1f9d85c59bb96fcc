import { describe, expect, it } from 'vitest';
import { type EventOf, fold } from '../../src/decider.ts';
import { type MenuEvent, type MenuFields, menuTreeDecider } from '../../src/identity/index.ts';
import { given } from '../spec.ts';

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
const created = (menuId: string, over: Partial<MenuFields>, builtIn = false): EventOf<'MenuCreated'> => ({
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
    given(menuTreeDecider, [system])
      .when({
        type: 'SeedBuiltInMenus',
        entries: [system, tenant].map((e) => {
          const { builtIn: _, ...data } = e.data as MenuEvent['data'] & { builtIn: boolean };
          return data as MenuFields & { menuId: string };
        }),
      })
      .then([{ type: 'MenuCreated', data: { ...tenant.data, builtIn: true } }]);
  });

  it('puts directories at the top or in directories, pages in directories, buttons in pages', () => {
    const create = (over: Partial<MenuFields>) =>
      given(menuTreeDecider, builtIns).when({ type: 'CreateMenu', menuId: 'new', fields: fields(over) });
    const oneCreated = [{ type: 'MenuCreated' }] as const;
    create({ menuType: 'M' }).thenMatches(oneCreated);
    create({ menuType: 'M', parentId: 'system' }).thenMatches(oneCreated);
    create({ menuType: 'C', parentId: 'system', component: 'x' }).thenMatches(oneCreated);
    create({ menuType: 'F', parentId: 'system.notice', perms: 'a:b' }).thenMatches(oneCreated);
    create({ menuType: 'C', component: 'x' }).thenFails('error.menu.parentType');
    create({ menuType: 'F', parentId: 'system', perms: 'a:b' }).thenFails('error.menu.parentType');
    create({ menuType: 'M', parentId: 'system.notice' }).thenFails('error.menu.parentType');
    create({ menuType: 'M', parentId: 'gone' }).thenFails('error.menu.parentNotFound');
    given(menuTreeDecider, builtIns)
      .when({ type: 'CreateMenu', menuId: 'system', fields: fields({}) })
      .thenFails('error.menu.exists');
  });

  it('makes entries below a platform-only directory platform-only', () => {
    given(menuTreeDecider, builtIns)
      .when({
        type: 'CreateMenu',
        menuId: 'sub',
        fields: fields({ parentId: 'tenant', platformOnly: false }),
      })
      .thenMatches([{ type: 'MenuCreated', data: { platformOnly: true, builtIn: false } }]);
  });

  it('lets operators rename, reorder and hide built-in entries but not rewire or delete them', () => {
    const change = (over: Partial<MenuFields>) =>
      given(menuTreeDecider, builtIns).when({
        type: 'ChangeMenu',
        menuId: 'system.notice',
        fields: { ...(noticePage.data as MenuFields), ...over },
      });
    change({ titles: titles('Bulletins'), orderNum: 9, visible: false, icon: 'mail' }).thenMatches([
      { type: 'MenuChanged' },
    ]);
    for (const rewired of [
      { component: 'system/user/index' },
      { perms: 'system:notice:other' },
      { path: 'notices' },
      { parentId: 'tenant' },
      { menuType: 'M' as const },
    ]) {
      change(rewired).thenFails('error.menu.builtIn');
    }
    change({}).then([]);
    given(menuTreeDecider, builtIns)
      .when({ type: 'DeleteMenu', menuId: 'system.notice' })
      .thenFails('error.menu.builtIn');
  });

  it('refuses loops, deleting entries with sub-entries and unknown entries', () => {
    const outer = created('outer', { path: 'outer' });
    const inner = created('inner', { path: 'inner', parentId: 'outer' });
    const tree = [...builtIns, outer, inner];
    given(menuTreeDecider, tree)
      .when({ type: 'ChangeMenu', menuId: 'outer', fields: fields({ path: 'outer', parentId: 'inner' }) })
      .thenFails('error.menu.parentLoop');
    given(menuTreeDecider, tree)
      .when({ type: 'DeleteMenu', menuId: 'outer' })
      .thenFails('error.menu.hasChildren');
    const deleted = given(menuTreeDecider, tree)
      .when({ type: 'DeleteMenu', menuId: 'inner' })
      .then([{ type: 'MenuDeleted', data: { menuId: 'inner' } }]);
    given(menuTreeDecider, tree)
      .when({ type: 'DeleteMenu', menuId: 'gone' })
      .thenFails('error.menu.notFound');
    const state = fold(menuTreeDecider, [...tree, ...deleted]);
    expect(Object.keys(state.entries)).not.toContain('inner');
  });
});
