import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { menuOf, runMenu } from './menus.ts';

/** Deletes a menu entry without sub-entries. */
export async function deleteMenu(services: Services, request: FastifyRequest, menuId: string) {
  await menuOf(services, request, menuId);
  await runMenu(services, request, { type: 'DeleteMenu', menuId });
}
