import {
  apiResponses,
  envelopeSchema,
  menuBodySchema,
  menuListQuerySchema,
  menuViewSchema,
  noDataResponses,
  updateMenuBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { ok } from '../http.ts';
import { changeMenu } from './change-menu.ts';
import { createMenu } from './create-menu.ts';
import { deleteMenu } from './delete-menu.ts';
import { menuList, menuOf } from './menus.ts';

/** The menu tree (platform operators), spec section 2. */
export const menuRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { services } = identity;
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
    async (request) => ok(request, await menuList(services, request, request.query)),
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
    async (request) => ok(request, await menuOf(services, request, request.params.menuId)),
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
    async (request) => ok(request, await createMenu(services, request, request.body)),
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
      return ok(request, await changeMenu(services, request, menuId, body));
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
      await deleteMenu(services, request, request.params.menuId);
      return ok(request, null);
    },
  );
};
