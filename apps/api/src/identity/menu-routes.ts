import {
  DomainError,
  MENU_TREE_ID,
  type MenuCommand,
  type MenuFields,
  menuTreeDecider,
} from '@hydrolog/domain';
import {
  apiResponses,
  envelopeSchema,
  isExternalLink,
  menuBodySchema,
  menuListQuerySchema,
  menuViewSchema,
  noDataResponses,
  updateMenuBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, requestLanguage } from '../http.ts';
import { forgetMenus, menuEntries } from '../menus.ts';

/** The menu tree (platform operators), spec section 2. */
export const menuRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

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
        querystring: menuListQuerySchema,
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
};
