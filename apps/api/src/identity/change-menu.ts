import type { menuBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { menuFields, menuOf, runMenu } from './menus.ts';

/** Changes a menu entry (the tree's decider keeps what a built-in entry may not change). */
export async function changeMenu(
  services: Services,
  request: FastifyRequest,
  menuId: string,
  body: z.infer<typeof menuBodySchema>,
) {
  const current = await menuOf(services, request, menuId);
  await runMenu(services, request, { type: 'ChangeMenu', menuId, fields: menuFields(body, current) });
  return menuOf(services, request, menuId);
}
