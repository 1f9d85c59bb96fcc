import {
  DomainError,
  MENU_TREE_ID,
  type MenuCommand,
  type MenuFields,
  menuTreeDecider,
} from '@hydrolog/domain';
import { isExternalLink, type menuBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { requestLanguage } from '../http.ts';
import { forgetMenus, menuEntries } from '../menus.ts';
import type { Services } from '../services.ts';

/** One entry of the menu tree, its name in the caller's language. */
export async function menuOf(services: Services, request: FastifyRequest, menuId: string) {
  const found = (await menuEntries(services.db)).find((m) => m.menuId === menuId);
  if (!found) throw new DomainError('error.menu.notFound');
  return { ...found, menuName: found.titles[requestLanguage(request)] };
}

/** Every entry of the menu tree, named in the caller's language, filtered by name and visibility. */
export async function menuList(
  services: Services,
  request: FastifyRequest,
  { menuName, visible }: { menuName?: string | undefined; visible?: 'true' | 'false' | undefined },
) {
  const language = requestLanguage(request);
  const wanted = menuName?.toLowerCase();
  return (await menuEntries(services.db))
    .map((m) => ({ ...m, menuName: m.titles[language] }))
    .filter((m) => !wanted || m.menuName.toLowerCase().includes(wanted))
    .filter((m) => visible === undefined || String(m.visible) === visible);
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

/** Runs a command on the menu tree; the cached menus are forgotten whatever the outcome. */
async function runMenu(services: Services, request: FastifyRequest, command: MenuCommand) {
  try {
    await execute(services.store, menuTreeDecider, MENU_TREE_ID, [command], {
      metadata: callerMetadata(request),
    });
  } finally {
    forgetMenus(services.db);
  }
}

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

/** Deletes a menu entry without sub-entries. */
export async function deleteMenu(services: Services, request: FastifyRequest, menuId: string) {
  await menuOf(services, request, menuId);
  await runMenu(services, request, { type: 'DeleteMenu', menuId });
}
