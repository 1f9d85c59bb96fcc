import {
  DomainError,
  MENU_TREE_ID,
  type MenuCommand,
  type MenuFields,
  menuTreeDecider,
} from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { listMenus } from '@hydrolog/projections';
import { ALL_PERMISSIONS, isExternalLink, type MenuView, type menuBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';

/**
 * The menu tree is data (the menus read model); every request needs it for its permissions, so it is kept
 * here and read again after a change through this process, or after a few seconds (another process).
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Database, { at: number; entries: Promise<MenuView[]> }>();

export function menuEntries(db: Database): Promise<MenuView[]> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.entries;
  const entries = listMenus(db, 'en');
  cache.set(db, { at: Date.now(), entries });
  entries.catch(() => cache.delete(db));
  return entries;
}

/** After a change of the tree: the next request reads it again. */
export function forgetMenus(db: Database): void {
  cache.delete(db);
}

/** Permission strings by menu id, for the permissions a role's menus give. */
export async function permsByMenu(db: Database): Promise<Map<string, string | null>> {
  return new Map((await menuEntries(db)).map((m) => [m.menuId, m.perms]));
}

/** Who a menu list is for: platform operators see platform-only entries; `all` is the `*:*:*` role. */
export interface MenuAudience {
  tenantKind: 'platform' | 'utility';
  permissions: readonly string[];
  roles: readonly { menu_ids: readonly string[] }[];
}

/** The entries a tenant of this kind may see or grant. */
export function visibleTo(entries: readonly MenuView[], tenantKind: MenuAudience['tenantKind']): MenuView[] {
  return entries.filter((m) => !m.platformOnly || tenantKind === 'platform');
}

/** The menus a caller's roles grant, with the directories above them. */
export function grantedMenus(entries: readonly MenuView[], audience: MenuAudience): Set<string> {
  const parent = new Map(entries.map((m) => [m.menuId, m.parentId]));
  const all = audience.permissions.includes(ALL_PERMISSIONS);
  const granted = new Set<string>();
  for (const entry of visibleTo(entries, audience.tenantKind)) {
    if (all || audience.roles.some((r) => r.menu_ids.includes(entry.menuId))) {
      for (let id: string | null = entry.menuId; id; id = parent.get(id) ?? null) granted.add(id);
    }
  }
  return granted;
}

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
export function menuFields(
  body: z.infer<typeof menuBodySchema>,
  current?: { link: string | null },
): MenuFields {
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
export async function runMenu(services: Services, request: FastifyRequest, command: MenuCommand) {
  try {
    await execute(services.store, menuTreeDecider, MENU_TREE_ID, [command], {
      metadata: callerMetadata(request),
    });
  } finally {
    forgetMenus(services.db);
  }
}
