import {
  DomainError,
  dictTypeDecider,
  MENU_TREE_ID,
  type MenuCommand,
  type MenuFields,
  menuTreeDecider,
  type NoticeCommand,
  noticeDecider,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  dictTypeOptions,
  getDictType,
  getNotice,
  listDictTypes,
  listNotices,
  nextDictId,
  noticesForReader,
} from '@hydrolog/projections';
import {
  apiResponses,
  dictTypeBodySchema,
  dictTypeListQuerySchema,
  dictTypeViewSchema,
  envelopeSchema,
  idListSchema,
  isExternalLink,
  listEnvelopeSchema,
  menuBodySchema,
  menuViewSchema,
  noDataResponses,
  noticeBodySchema,
  noticeReadingSchema,
  noticeStatusSchema,
  noticeTypeSchema,
  noticeViewSchema,
  pageQuerySchema,
  updateDictTypeBodySchema,
  updateMenuBodySchema,
  updateNoticeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, operatorOnly, readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import { forgetMenus, menuEntries } from '../menus.ts';

/** Menus and dictionary types (platform operators), notices with the notice centre (every tenant), spec section 2. */
export const adminRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);

  // ---- Menus -------------------------------------------------------------------------------------------

  async function menu(request: FastifyRequest, menuId: string) {
    const found = (await menuEntries(db)).find((m) => m.menuId === menuId);
    if (!found) throw new DomainError('error.menu.notFound');
    const language = requestLanguage(request);
    return { ...found, menuName: found.titles[language] };
  }
  /** The body as the tree stores it: empty texts are absent, an external path is also the link. */
  function menuFields(body: z.infer<typeof menuBodySchema>, current?: { link: string | null }): MenuFields {
    const external = isExternalLink(body.path);
    return {
      parentId: body.parentId,
      menuType: body.menuType,
      titles: body.titles,
      path: body.path,
      component: body.menuType === 'C' && body.component ? body.component : null,
      perms: body.perms || null,
      icon: body.icon || null,
      orderNum: body.orderNum,
      visible: body.visible,
      isCache: body.isCache,
      // A built-in link that is not external (the full-screen view) stays as the catalogue gives it.
      link: external ? body.path : (current?.link ?? null),
      platformOnly: body.platformOnly,
    };
  }
  async function runMenu(request: FastifyRequest, command: MenuCommand) {
    try {
      await execute(store, menuTreeDecider, MENU_TREE_ID, [command], meta(request));
    } finally {
      forgetMenus(db);
    }
  }
  const menuResponse = apiResponses(envelopeSchema(menuViewSchema));

  app.get(
    '/system/menu/list',
    {
      config: operatorOnly('system:menu:list'),
      schema: {
        tags: ['menu'],
        summary:
          'Every entry of the menu tree (a flat list; parentId makes the tree), titles in the caller language',
        querystring: z.object({
          menuName: z.string().max(100).optional(),
          visible: z.enum(['true', 'false']).optional(),
        }),
        response: apiResponses(envelopeSchema(z.array(menuViewSchema))),
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const { menuName, visible } = request.query;
      const wanted = menuName?.toLowerCase();
      const rows = (await menuEntries(db))
        .map((m) => ({ ...m, menuName: m.titles[language] }))
        .filter((m) => !wanted || m.menuName.toLowerCase().includes(wanted))
        .filter((m) => visible === undefined || String(m.visible) === visible);
      return ok(request, rows);
    },
  );

  app.get(
    '/system/menu/:menuId',
    {
      config: operatorOnly('system:menu:query'),
      schema: {
        tags: ['menu'],
        summary: 'One menu entry',
        params: z.object({ menuId: z.string().max(100) }),
        response: menuResponse,
      },
    },
    async (request) => ok(request, await menu(request, request.params.menuId)),
  );

  app.post(
    '/system/menu',
    {
      config: operatorOnly('system:menu:add'),
      schema: {
        tags: ['menu'],
        summary: 'Add a directory, page or button to the menu tree',
        body: menuBodySchema,
        response: menuResponse,
      },
    },
    async (request) => {
      const menuId = uuidv7();
      await runMenu(request, { type: 'CreateMenu', menuId, fields: menuFields(request.body) });
      return ok(request, await menu(request, menuId));
    },
  );

  app.put(
    '/system/menu',
    {
      config: operatorOnly('system:menu:edit'),
      schema: {
        tags: ['menu'],
        summary: 'Change a menu entry (built-in entries: titles, icon, order, visibility and cache only)',
        body: updateMenuBodySchema,
        response: menuResponse,
      },
    },
    async (request) => {
      const { menuId, ...body } = request.body;
      const current = await menu(request, menuId);
      await runMenu(request, { type: 'ChangeMenu', menuId, fields: menuFields(body, current) });
      return ok(request, await menu(request, menuId));
    },
  );

  app.delete(
    '/system/menu/:menuId',
    {
      config: operatorOnly('system:menu:remove'),
      schema: {
        tags: ['menu'],
        summary: 'Delete a menu entry without sub-entries (built-in ones are refused: hide them instead)',
        params: z.object({ menuId: z.string().max(100) }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await menu(request, request.params.menuId);
      await runMenu(request, { type: 'DeleteMenu', menuId: request.params.menuId });
      return ok(request, null);
    },
  );

  // ---- Notices -----------------------------------------------------------------------------------------

  async function notice(request: FastifyRequest, noticeId: string) {
    const found = await scoped(request, (sql) => getNotice(sql, noticeId));
    if (!found) throw new DomainError('error.notice.notFound');
    return found;
  }
  const runNotice = (request: FastifyRequest, noticeId: string, command: NoticeCommand) =>
    execute(store, noticeDecider, noticeId, [command], meta(request));
  const noticeResponse = apiResponses(envelopeSchema(noticeViewSchema));
  const noticeId = z.object({ noticeId: z.uuid() });

  app.get(
    '/system/notice/list',
    {
      config: requires('system:notice:list'),
      schema: {
        tags: ['notice'],
        summary: "The tenant's notices, newest first",
        querystring: pageQuerySchema.extend({
          noticeTitle: z.string().max(50).optional(),
          noticeType: noticeTypeSchema.optional(),
          status: noticeStatusSchema.optional(),
        }),
        response: apiResponses(listEnvelopeSchema(noticeViewSchema)),
      },
    },
    async (request) => okList(request, await scoped(request, (sql) => listNotices(sql, request.query))),
  );

  app.get(
    '/system/notice/center/list',
    {
      config: requires('system:noticeCenter:list'),
      schema: {
        tags: ['notice'],
        summary: "The published notices with the caller's read state, and how many are unread",
        querystring: pageQuerySchema.extend({ unread: z.enum(['true', 'false']).optional() }),
        response: apiResponses(listEnvelopeSchema(noticeReadingSchema).extend({ unread: z.number().int() })),
      },
    },
    async (request) => {
      const { unread, ...page } = request.query;
      const { userId } = callerOf(request);
      const result = await scoped(request, (sql) =>
        noticesForReader(sql, userId, { ...page, unread: unread === 'true' }),
      );
      return { ...okList(request, result), unread: result.unread };
    },
  );

  app.post(
    '/system/notice/center/read/:noticeId',
    {
      config: requires('system:noticeCenter:list'),
      schema: {
        tags: ['notice'],
        summary: 'Mark a published notice read for the caller',
        params: noticeId,
        response: noDataResponses,
      },
    },
    async (request) => {
      const found = await notice(request, request.params.noticeId);
      await runNotice(request, found.noticeId, {
        type: 'ReadNotice',
        userId: callerOf(request).userId,
        at: new Date().toISOString(),
      });
      return ok(request, null);
    },
  );

  app.get(
    '/system/notice/:noticeId',
    {
      config: requires('system:notice:query'),
      schema: { tags: ['notice'], summary: 'One notice', params: noticeId, response: noticeResponse },
    },
    async (request) => ok(request, await notice(request, request.params.noticeId)),
  );

  app.post(
    '/system/notice',
    {
      config: requires('system:notice:add'),
      schema: {
        tags: ['notice'],
        summary: 'Write a notice (a draft until published)',
        body: noticeBodySchema,
        response: noticeResponse,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = uuidv7();
      await runNotice(request, id, {
        type: 'CreateNotice',
        noticeId: id,
        tenantId: caller.tenantId,
        ...request.body,
        createBy: caller.userName,
        createdAt: new Date().toISOString(),
      });
      return ok(request, await notice(request, id));
    },
  );

  app.put(
    '/system/notice',
    {
      config: requires('system:notice:edit'),
      schema: {
        tags: ['notice'],
        summary: 'Change a notice that is not published',
        body: updateNoticeBodySchema,
        response: noticeResponse,
      },
    },
    async (request) => {
      const { noticeId: id, ...body } = request.body;
      await notice(request, id);
      await runNotice(request, id, { type: 'ChangeNotice', ...body });
      return ok(request, await notice(request, id));
    },
  );

  for (const [action, type, summary] of [
    ['publish', 'PublishNotice', 'Publish a notice to every user of the tenant'],
    ['withdraw', 'WithdrawNotice', 'Withdraw a published notice'],
  ] as const) {
    app.put(
      `/system/notice/${action}/:noticeId`,
      {
        config: requires('system:notice:publish'),
        schema: { tags: ['notice'], summary, params: noticeId, response: noticeResponse },
      },
      async (request) => {
        const found = await notice(request, request.params.noticeId);
        await runNotice(request, found.noticeId, { type, at: new Date().toISOString() });
        return ok(request, await notice(request, found.noticeId));
      },
    );
  }

  app.delete(
    '/system/notice/:noticeIds',
    {
      config: requires('system:notice:remove'),
      schema: {
        tags: ['notice'],
        summary: 'Delete notices that are not published',
        params: z.object({ noticeIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const ids = [...new Set(request.params.noticeIds.split(','))];
      // All checked first: one refused notice leaves every notice in place.
      for (const id of ids) {
        if ((await notice(request, id)).status === 'published')
          throw new DomainError('error.notice.published');
      }
      for (const id of ids) await runNotice(request, id, { type: 'DeleteNotice' });
      return ok(request, null);
    },
  );

  // ---- Dictionary types ----------------------------------------------------------------------------------

  async function dictType(dictId: number) {
    const found = await getDictType(db, dictId);
    if (!found) throw new DomainError('error.dictType.notFound');
    return found;
  }
  async function saveDictType(
    request: FastifyRequest,
    dictId: number,
    body: z.infer<typeof dictTypeBodySchema>,
  ) {
    const { remark, ...fields } = body;
    await execute(
      store,
      dictTypeDecider,
      String(dictId),
      [{ type: 'Save', dictId, ...fields, remark: remark || null }],
      {
        ...meta(request),
        taken: 'error.dictType.keyExists',
      },
    );
    return dictType(dictId);
  }
  const dictTypeResponse = apiResponses(envelopeSchema(dictTypeViewSchema));
  const dictIdParam = z.object({ dictId: z.coerce.number().int().positive() });

  app.get(
    '/system/dict/type/list',
    {
      config: operatorOnly('system:dict:list'),
      schema: {
        tags: ['dict'],
        summary: 'Dictionary types with how many entries each has',
        querystring: dictTypeListQuerySchema,
        response: apiResponses(listEnvelopeSchema(dictTypeViewSchema)),
      },
    },
    async (request) => okList(request, await listDictTypes(db, request.query)),
  );

  app.get(
    '/system/dict/type/optionselect',
    {
      config: operatorOnly('system:dict:list'),
      schema: {
        tags: ['dict'],
        summary: 'Every dictionary type, for choosing one',
        response: apiResponses(envelopeSchema(z.array(dictTypeViewSchema))),
      },
    },
    async (request) => ok(request, await dictTypeOptions(db)),
  );

  app.delete(
    '/system/dict/type/refreshCache',
    {
      config: operatorOnly('system:dict:remove'),
      schema: {
        tags: ['dict'],
        summary:
          'Refresh the dictionary cache: nothing to do, dictionaries are read from their table each time',
        response: noDataResponses,
      },
    },
    async (request) => ok(request, null),
  );

  app.get(
    '/system/dict/type/:dictId',
    {
      config: operatorOnly('system:dict:query'),
      schema: {
        tags: ['dict'],
        summary: 'One dictionary type',
        params: dictIdParam,
        response: dictTypeResponse,
      },
    },
    async (request) => ok(request, await dictType(request.params.dictId)),
  );

  app.post(
    '/system/dict/type',
    {
      config: operatorOnly('system:dict:add'),
      schema: {
        tags: ['dict'],
        summary: 'Add a dictionary type',
        body: dictTypeBodySchema,
        response: dictTypeResponse,
      },
    },
    async (request) => ok(request, await saveDictType(request, await nextDictId(db), request.body)),
  );

  app.put(
    '/system/dict/type',
    {
      config: operatorOnly('system:dict:edit'),
      schema: {
        tags: ['dict'],
        summary: 'Change a dictionary type (its key only while it has no data: code reads data by it)',
        body: updateDictTypeBodySchema,
        response: dictTypeResponse,
      },
    },
    async (request) => {
      const { dictId, ...body } = request.body;
      const current = await dictType(dictId);
      if (current.dataCount > 0 && current.dictType !== body.dictType)
        throw new DomainError('error.dictType.keyInUse');
      return ok(request, await saveDictType(request, dictId, body));
    },
  );

  app.delete(
    '/system/dict/type/:dictIds',
    {
      config: operatorOnly('system:dict:remove'),
      schema: {
        tags: ['dict'],
        summary: 'Delete dictionary types without data (delete their entries first)',
        params: z.object({ dictIds: z.string().regex(/^\d{1,9}(,\d{1,9})*$/, 'validation.invalidFormat') }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const dictIds = [...new Set(request.params.dictIds.split(',').map(Number))];
      // All checked first: one refused type leaves every type in place.
      for (const id of dictIds)
        if ((await dictType(id)).dataCount > 0) throw new DomainError('error.dictType.hasData');
      for (const id of dictIds)
        await execute(store, dictTypeDecider, String(id), [{ type: 'Delete' }], meta(request));
      return ok(request, null);
    },
  );
};
