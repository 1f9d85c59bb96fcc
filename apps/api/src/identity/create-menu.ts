import { type menuBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { menuFields, menuOf, runMenu } from './menus.ts';

/** Adds a directory, page or button to the menu tree; answers the entry as added. */
export async function createMenu(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof menuBodySchema>,
) {
  const menuId = uuidv7();
  await runMenu(services, request, { type: 'CreateMenu', menuId, fields: menuFields(body) });
  return menuOf(services, request, menuId);
}
