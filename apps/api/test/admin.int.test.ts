import { testEngines } from '@hydrolog/eventstore/testing';
import { MENU_CATALOGUE, type MenuView, type RouterNode, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltInMenus } from '../src/identity/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const titles = (en: string) => ({ 'zh-CN': `${en}（中）`, en, fr: `${en} (fr)`, id: `${en} (id)` });
const flatten = (nodes: RouterNode[]): RouterNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(testEngines())('menus and notices on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let operator: ReturnType<typeof injectAs>;
  let demoAdmin: ReturnType<typeof injectAs>;
  let demoViewer: ReturnType<typeof injectAs>;
  let trialAdmin: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    demoAdmin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    demoViewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trialAdmin = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const menus = async (): Promise<MenuView[]> => (await operator('/prod-api/system/menu/list')).json().data;
  const addMenu = (payload: object) => operator({ method: 'POST', url: '/prod-api/system/menu', payload });
  const routers = async (as: ReturnType<typeof injectAs>, language = 'en'): Promise<RouterNode[]> =>
    (await as({ url: '/prod-api/system/menu/getRouters', headers: { 'content-language': language } })).json()
      .data;

  it('seeds the catalogue once as built-in entries', async () => {
    const all = await menus();
    expect(all).toHaveLength(MENU_CATALOGUE.length);
    expect(all.every((m) => m.builtIn)).toBe(true);
    expect(all.find((m) => m.menuId === 'system.notice')).toMatchObject({
      menuType: 'C',
      component: 'system/notice/index',
      perms: 'system:notice:list',
      menuName: 'Notices',
    });
    // A second start adds nothing.
    expect(await ensureBuiltInMenus(services)).toBe(0);
    expect(await menus()).toHaveLength(MENU_CATALOGUE.length);
  });

  it('adds a page and its button: the sidebar and the permissions follow, in every language', async () => {
    const page = await addMenu({
      parentId: 'system',
      menuType: 'C',
      titles: titles('Water quality'),
      path: 'waterQuality',
      component: 'system/notice/center',
      perms: 'system:waterQuality:list',
      icon: 'droplet',
      orderNum: 99,
    });
    expect(page.json()).toMatchObject({ code: 200, data: { builtIn: false, platformOnly: false } });
    const pageId = page.json().data.menuId;
    const button = await addMenu({
      parentId: pageId,
      menuType: 'F',
      titles: titles('Sample'),
      perms: 'system:waterQuality:sample',
    });
    expect(button.json().code).toBe(200);

    const entry = flatten(await routers(demoAdmin)).find((n) => n.path === 'waterQuality');
    expect(entry).toMatchObject({
      component: 'system/notice/center',
      hidden: false,
      meta: { title: 'Water quality' },
    });
    const french = flatten(await routers(demoAdmin, 'fr')).find((n) => n.path === 'waterQuality');
    expect(french?.meta.title).toBe('Water quality (fr)');
    // The role tree offers it to a utility's roles; a role granting it gives its permissions.
    const tree = (await demoAdmin('/prod-api/system/menu/treeselect')).json().data;
    const system = tree.find((n: { id: string }) => n.id === 'system');
    expect(system.children.map((c: { id: string }) => c.id)).toContain(pageId);
    const role = await demoAdmin({
      method: 'POST',
      url: '/prod-api/system/role',
      payload: { roleName: 'Quality', roleKey: 'quality', menuIds: [pageId, button.json().data.menuId] },
    });
    expect(role.json().code).toBe(200);

    // Hidden: still a route, not shown.
    const hide = await operator({
      method: 'PUT',
      url: '/prod-api/system/menu',
      payload: { ...page.json().data, menuId: pageId, visible: false },
    });
    expect(hide.json().code).toBe(200);
    expect(flatten(await routers(demoAdmin)).find((n) => n.path === 'waterQuality')?.hidden).toBe(true);

    // A page with a button cannot go; the button can, then the page.
    const removePage = () => operator({ method: 'DELETE', url: `/prod-api/system/menu/${pageId}` });
    expect((await removePage()).json().key).toBe('error.menu.hasChildren');
    const removeButton = await operator({
      method: 'DELETE',
      url: `/prod-api/system/menu/${button.json().data.menuId}`,
    });
    expect(removeButton.json().code).toBe(200);
    expect((await removePage()).json().code).toBe(200);
    expect(flatten(await routers(demoAdmin)).some((n) => n.path === 'waterQuality')).toBe(false);
  });

  it('keeps built-in entries: reordered, renamed and hidden, never deleted or rewired', async () => {
    const notice = (await menus()).find((m) => m.menuId === 'system.notice')!;
    const change = (fields: object) =>
      operator({ method: 'PUT', url: '/prod-api/system/menu', payload: { ...notice, ...fields } });
    expect((await change({ component: 'system/user/index' })).json().key).toBe('error.menu.builtIn');
    expect((await change({ perms: 'system:notice:other' })).json().key).toBe('error.menu.builtIn');
    expect((await change({ path: 'notices' })).json().key).toBe('error.menu.builtIn');
    expect(
      (await operator({ method: 'DELETE', url: '/prod-api/system/menu/system.notice' })).json().key,
    ).toBe('error.menu.builtIn');

    expect((await change({ orderNum: 0, titles: titles('Bulletins'), icon: 'mail' })).json().code).toBe(200);
    const system = (await routers(demoAdmin)).find((n) => n.path === '/system')!;
    expect(system.children?.[0]).toMatchObject({
      path: 'notice',
      meta: { title: 'Bulletins', icon: 'mail' },
    });
    // Nothing changed: no event.
    const before = (await services.store.readStream('menu-tree')).length;
    expect((await change({ orderNum: 0, titles: titles('Bulletins'), icon: 'mail' })).json().code).toBe(200);
    expect((await services.store.readStream('menu-tree')).length).toBe(before);
  });

  it('treats http(s), mailto and tel paths as external links and checks the tree shape', async () => {
    const link = await addMenu({
      parentId: 'system',
      menuType: 'C',
      titles: titles('Handbook'),
      path: 'https://example.org/handbook',
    });
    expect(link.json().data).toMatchObject({ link: 'https://example.org/handbook', component: null });
    const node = flatten(await routers(demoAdmin)).find((n) => n.meta.title === 'Handbook');
    expect(node?.meta.link).toBe('https://example.org/handbook');

    expect(
      (
        await addMenu({
          parentId: null,
          menuType: 'C',
          titles: titles('Loose'),
          path: 'loose',
          component: 'x',
        })
      ).json().key,
    ).toBe('error.menu.parentType');
    expect(
      (await addMenu({ parentId: 'system', menuType: 'F', titles: titles('Btn'), perms: 'a:b:c' })).json()
        .key,
    ).toBe('error.menu.parentType');
    expect(
      (await addMenu({ parentId: 'nowhere', menuType: 'M', titles: titles('Dir'), path: 'dir' })).json().key,
    ).toBe('error.menu.parentNotFound');
    const dir = (await addMenu({ menuType: 'M', titles: titles('Outer'), path: 'outer' })).json().data;
    const inner = (
      await addMenu({ parentId: dir.menuId, menuType: 'M', titles: titles('Inner'), path: 'inner' })
    ).json().data;
    const loop = await operator({
      method: 'PUT',
      url: '/prod-api/system/menu',
      payload: { ...dir, parentId: inner.menuId },
    });
    expect(loop.json().key).toBe('error.menu.parentLoop');
    // A directory under a platform-only directory is platform-only too.
    const underTenant = (
      await addMenu({ parentId: 'tenant', menuType: 'M', titles: titles('Sub'), path: 'sub' })
    ).json().data;
    expect(underTenant.platformOnly).toBe(true);
  });

  it('refuses bad bodies and everyone but platform operators', async () => {
    const missing = await addMenu({ parentId: 'system', menuType: 'C', titles: titles('No path') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain('path');
    expect((await addMenu({ menuType: 'M', titles: { en: 'Only English' }, path: 'x' })).statusCode).toBe(
      400,
    );
    expect((await addMenu({ menuType: 'Q', titles: titles('Bad'), path: 'x' })).statusCode).toBe(400);
    expect((await addMenu({ menuType: 'M', titles: titles('Bad'), path: '../etc' })).statusCode).toBe(400);
    expect((await operator('/prod-api/system/menu/unknown')).json().key).toBe('error.menu.notFound');

    // A utility administrator holds every permission of its tenant, yet menus are the platform's.
    expect((await demoAdmin('/prod-api/system/menu/list')).statusCode).toBe(403);
    const refused = await demoAdmin({
      method: 'POST',
      url: '/prod-api/system/menu',
      payload: { menuType: 'M', titles: titles('Mine'), path: 'mine' },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await demoAdmin({ method: 'DELETE', url: '/prod-api/system/menu/system.notice' })).statusCode,
    ).toBe(403);
  });

  // ---- Dictionary types ------------------------------------------------------------------------------------

  it('types every seeded dictionary; a type key is unique and fixed while it has data', async () => {
    const types = (await operator('/prod-api/system/dict/type/list?pageSize=50')).json();
    const alarm = types.rows.find((r: { dictType: string }) => r.dictType === 'meter_alarm_type');
    expect(alarm).toMatchObject({ dictName: 'Meter alarm type', status: '0', dataCount: 14 });
    expect(typeof alarm.dictId).toBe('number');

    const add = (payload: object) => operator({ method: 'POST', url: '/prod-api/system/dict/type', payload });
    const pipes = (await add({ dictName: 'Pipe material', dictType: 'pipe_material' })).json().data;
    expect(pipes).toMatchObject({ dictType: 'pipe_material', dataCount: 0 });
    expect(pipes.dictId).toBeGreaterThan(alarm.dictId);
    expect((await add({ dictName: 'Again', dictType: 'pipe_material' })).json().key).toBe(
      'error.dictType.keyExists',
    );
    expect((await add({ dictName: '', dictType: 'Bad Key' })).statusCode).toBe(400);

    const entry = await operator({
      method: 'POST',
      url: '/prod-api/system/dict/data',
      payload: {
        dictType: 'pipe_material',
        dictValue: 'pe',
        labels: { 'zh-CN': '聚乙烯', en: 'Polyethylene', fr: 'Polyéthylène', id: 'Polietilena' },
      },
    });
    expect(entry.json().code).toBe(200);
    const change = (fields: object) =>
      operator({ method: 'PUT', url: '/prod-api/system/dict/type', payload: { ...pipes, ...fields } });
    expect((await change({ dictType: 'pipe_kind' })).json().key).toBe('error.dictType.keyInUse');
    expect((await change({ dictName: 'Pipe materials' })).json().data).toMatchObject({
      dictName: 'Pipe materials',
      dataCount: 1,
    });
    const remove = () => operator({ method: 'DELETE', url: `/prod-api/system/dict/type/${pipes.dictId}` });
    expect((await remove()).json().key).toBe('error.dictType.hasData');
    const second = await operator({
      method: 'POST',
      url: '/prod-api/system/dict/data',
      payload: {
        dictType: 'pipe_material',
        dictValue: 'pvc',
        labels: { 'zh-CN': '聚氯乙烯', en: 'PVC', fr: 'PVC', id: 'PVC' },
      },
    });
    const codes = [entry, second].map((e) => e.json().data.dictCode as string);
    const deleteData = (dictCodes: string[]) =>
      operator({ method: 'DELETE', url: `/prod-api/system/dict/data/${dictCodes.join(',')}` });
    const dataCount = async () =>
      (await operator(`/prod-api/system/dict/type/${pipes.dictId}`)).json().data.dataCount;
    // An unknown entry leaves the others in place; known ones go together, a repeated one once.
    expect((await deleteData([codes[0]!, uuidv7()])).json().key).toBe('error.dict.notFound');
    expect(await dataCount()).toBe(2);
    expect((await deleteData([...codes, codes[0]!])).json().code).toBe(200);
    expect(await dataCount()).toBe(0);
    expect((await remove()).json().code).toBe(200);
    expect((await operator(`/prod-api/system/dict/type/${pipes.dictId}`)).json().key).toBe(
      'error.dictType.notFound',
    );

    expect((await demoAdmin('/prod-api/system/dict/type/list')).statusCode).toBe(403);
    expect(
      (
        await demoAdmin({
          method: 'POST',
          url: '/prod-api/system/dict/type',
          payload: { dictName: 'X', dictType: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await operator({ method: 'DELETE', url: '/prod-api/system/dict/type/abc' })).statusCode).toBe(
      400,
    );
  });

  // ---- Notices ---------------------------------------------------------------------------------------------

  const addNotice = (as: ReturnType<typeof injectAs>, payload: object) =>
    as({ method: 'POST', url: '/prod-api/system/notice', payload });

  it('writes, publishes, withdraws and deletes notices; readers see only published ones, read per user', async () => {
    const created = await addNotice(demoAdmin, {
      noticeTitle: 'Maintenance on Sunday',
      noticeType: '1',
      noticeContent: 'Water is off 8:00-12:00 in the north district.',
    });
    expect(created.json().data).toMatchObject({ status: 'draft', createBy: 'demo_admin', publishTime: null });
    const { noticeId } = created.json().data;
    const centre = async (as: ReturnType<typeof injectAs>) =>
      (await as('/prod-api/system/notice/center/list')).json();
    expect((await centre(demoViewer)).rows).toEqual([]);
    // A draft cannot be read.
    const early = await demoViewer({
      method: 'POST',
      url: `/prod-api/system/notice/center/read/${noticeId}`,
    });
    expect(early.json().key).toBe('error.notice.notFound');

    const publish = await demoAdmin({ method: 'PUT', url: `/prod-api/system/notice/publish/${noticeId}` });
    expect(publish.json().data.status).toBe('published');
    expect(publish.json().data.publishTime).not.toBeNull();
    expect(await centre(demoViewer)).toMatchObject({
      total: 1,
      unread: 1,
      rows: [{ noticeId, read: false }],
    });

    const read = await demoViewer({ method: 'POST', url: `/prod-api/system/notice/center/read/${noticeId}` });
    expect(read.json().code).toBe(200);
    // Read twice: one event.
    await demoViewer({ method: 'POST', url: `/prod-api/system/notice/center/read/${noticeId}` });
    expect((await services.store.readStream(`notice-${noticeId}`)).map((e) => e.type)).toEqual([
      'NoticeCreated',
      'NoticePublished',
      'NoticeRead',
    ]);
    expect(await centre(demoViewer)).toMatchObject({ unread: 0, rows: [{ read: true }] });
    // Read state is per user.
    expect(await centre(demoAdmin)).toMatchObject({ unread: 1, rows: [{ read: false }] });
    expect((await demoAdmin('/prod-api/system/notice/center/list?unread=true')).json().total).toBe(1);

    // Published: withdraw before change or delete.
    const edit = (payload: object) => demoAdmin({ method: 'PUT', url: '/prod-api/system/notice', payload });
    const body = { noticeId, noticeTitle: 'Maintenance on Monday', noticeType: '1', noticeContent: 'Moved.' };
    expect((await edit(body)).json().key).toBe('error.notice.published');
    const remove = () => demoAdmin({ method: 'DELETE', url: `/prod-api/system/notice/${noticeId}` });
    expect((await remove()).json().key).toBe('error.notice.published');
    const withdraw = () => demoAdmin({ method: 'PUT', url: `/prod-api/system/notice/withdraw/${noticeId}` });
    expect((await withdraw()).json().data.status).toBe('withdrawn');
    expect((await withdraw()).json().key).toBe('error.notice.notPublished');
    expect((await centre(demoViewer)).total).toBe(0);
    expect((await edit(body)).json().data.noticeTitle).toBe('Maintenance on Monday');

    const list = (await demoAdmin('/prod-api/system/notice/list?status=withdrawn&noticeTitle=monday')).json();
    expect(list).toMatchObject({ total: 1, rows: [{ noticeId }] });
    expect((await remove()).json().code).toBe(200);
    expect((await demoAdmin(`/prod-api/system/notice/${noticeId}`)).json().key).toBe('error.notice.notFound');
  });

  it("refuses bad bodies, missing permissions and another tenant's notices", async () => {
    expect(
      (await addNotice(demoAdmin, { noticeTitle: '', noticeType: '1', noticeContent: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await addNotice(demoAdmin, { noticeTitle: 'x'.repeat(51), noticeType: '1', noticeContent: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await addNotice(demoAdmin, { noticeTitle: 'Type', noticeType: '3', noticeContent: 'x' })).statusCode,
    ).toBe(400);
    expect((await demoAdmin({ method: 'DELETE', url: '/prod-api/system/notice/not-an-id' })).statusCode).toBe(
      400,
    );

    // The viewer reads the notice centre but administers no notices.
    expect((await demoViewer('/prod-api/system/notice/list')).statusCode).toBe(403);
    expect(
      (await addNotice(demoViewer, { noticeTitle: 'Mine', noticeType: '2', noticeContent: 'x' })).statusCode,
    ).toBe(403);

    const trialNotice = (
      await addNotice(trialAdmin, { noticeTitle: 'Trial news', noticeType: '2', noticeContent: 'Welcome.' })
    ).json().data;
    await trialAdmin({ method: 'PUT', url: `/prod-api/system/notice/publish/${trialNotice.noticeId}` });
    const id = trialNotice.noticeId;
    expect((await demoAdmin(`/prod-api/system/notice/${id}`)).json().key).toBe('error.notice.notFound');
    expect(
      (await demoAdmin({ method: 'PUT', url: `/prod-api/system/notice/withdraw/${id}` })).json().key,
    ).toBe('error.notice.notFound');
    expect((await demoAdmin({ method: 'DELETE', url: `/prod-api/system/notice/${id}` })).json().key).toBe(
      'error.notice.notFound',
    );
    expect(
      (await demoViewer({ method: 'POST', url: `/prod-api/system/notice/center/read/${id}` })).json().key,
    ).toBe('error.notice.notFound');
    const demoCentre = (await demoViewer('/prod-api/system/notice/center/list')).json();
    expect(demoCentre.rows.some((r: { noticeId: string }) => r.noticeId === id)).toBe(false);
    expect((await trialAdmin('/prod-api/system/notice/center/list')).json().rows[0].noticeId).toBe(id);
  });

  it('rebuilds the menus, dictionary types and notices from the log with equal checksums', async () => {
    const summary = await services.runner.verify('admin');
    expect(summary.events).toBeGreaterThan(0);
    expect(summary.tables.filter((t) => t.live !== t.shadow)).toEqual([]);
    expect(summary.equal).toBe(true);
  });
});
