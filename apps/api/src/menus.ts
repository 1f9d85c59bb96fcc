import { MENU_TREE_ID, menuTreeDecider } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { listMenus } from '@hydrolog/projections';
import {
  ALL_PERMISSIONS,
  LANGUAGES,
  MENU_CATALOGUE,
  type MenuTitles,
  type MenuView,
  menuTitleKey,
  PLATFORM_TENANT_ID,
  uuidv7,
} from '@hydrolog/schemas';
import { isMessageKey, translate } from '@hydrolog/schemas/messages/all';
import { execute } from './commands.ts';
import type { Services } from './services.ts';

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

/** A built-in entry's titles from the message catalogue; a button, which has none, is named by its id. */
function catalogueTitles(menuId: string): MenuTitles {
  const key = menuTitleKey(menuId);
  return Object.fromEntries(
    LANGUAGES.map((l) => [l, isMessageKey(key) ? translate(key, l) : menuId]),
  ) as MenuTitles;
}

/**
 * Puts the catalogue's entries that are not in the menu tree yet into it as built-in entries (first start,
 * or a release with new screens). Entries already there keep what operators made of them.
 */
export async function ensureBuiltInMenus(services: Pick<Services, 'store' | 'db'>): Promise<number> {
  const entries = MENU_CATALOGUE.map(({ menuId, ...entry }) => ({
    menuId,
    ...entry,
    titles: catalogueTitles(menuId),
  }));
  const { events } = await execute(
    services.store,
    menuTreeDecider,
    MENU_TREE_ID,
    [{ type: 'SeedBuiltInMenus', entries }],
    { metadata: { tenantId: PLATFORM_TENANT_ID, userId: 'seed', correlationId: uuidv7() } },
  );
  forgetMenus(services.db);
  return events.length;
}
