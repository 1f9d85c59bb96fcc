import { MENU_TREE_ID, menuTreeDecider } from '@hydrolog/domain';
import {
  LANGUAGES,
  MENU_CATALOGUE,
  type MenuTitles,
  menuTitleKey,
  PLATFORM_TENANT_ID,
  uuidv7,
} from '@hydrolog/schemas';
import { isMessageKey, translate } from '@hydrolog/schemas/messages/all';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { forgetMenus } from './menus.ts';

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
