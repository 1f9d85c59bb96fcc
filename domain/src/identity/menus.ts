import { type EventData, LANGUAGES } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

// ---- Menus -----------------------------------------------------------------------------------------------

export type MenuEvent = EventOf<'MenuCreated' | 'MenuChanged' | 'MenuDeleted'>;
export type MenuFields = Omit<EventData<'MenuChanged'>, 'menuId'>;
export type MenuRecord = EventData<'MenuCreated'>;
/** The whole menu tree: a few hundred entries, one stream, so rules across entries stay in the decider. */
export interface MenuTreeState {
  entries: Readonly<Record<string, MenuRecord>>;
}
export type MenuCommand =
  /** The catalogue's entries not in the tree yet (first start, or a release adding screens). */
  | { type: 'SeedBuiltInMenus'; entries: readonly (MenuFields & { menuId: string })[] }
  | { type: 'CreateMenu'; menuId: string; fields: MenuFields }
  | { type: 'ChangeMenu'; menuId: string; fields: MenuFields }
  | { type: 'DeleteMenu'; menuId: string };

/** The one stream of the menu tree. */
export const MENU_TREE_ID = 'tree';

/** What code relies on in a built-in entry: the web maps its component, routes check its permission. */
const BUILT_IN_FIXED = [
  'parentId',
  'menuType',
  'path',
  'component',
  'perms',
  'link',
  'platformOnly',
] as const;

/** Directories hold directories and pages, pages hold buttons; only directories stand at the top. */
function parentRuleBroken(
  menuType: MenuRecord['menuType'],
  parent: MenuRecord | undefined,
  parentId: string | null,
) {
  if (parentId !== null && !parent) return new DomainError('error.menu.parentNotFound');
  const parentType = parent?.menuType ?? null;
  const allowed = menuType === 'M' ? [null, 'M'] : menuType === 'C' ? ['M'] : ['C'];
  return allowed.includes(parentType) ? null : new DomainError('error.menu.parentType');
}

/** Whether `candidate` is `menuId` or one of the entries below it. */
function isSelfOrBelow(entries: MenuTreeState['entries'], menuId: string, candidate: string | null): boolean {
  for (let id = candidate; id; id = entries[id]?.parentId ?? null) if (id === menuId) return true;
  return false;
}

export const menuTreeDecider: Decider<MenuCommand, MenuEvent, MenuTreeState> = {
  category: 'menu',
  initialState: () => ({ entries: {} }),
  evolve(state, event) {
    const { menuId } = event.data;
    switch (event.type) {
      case 'MenuCreated':
        return { entries: { ...state.entries, [menuId]: event.data } };
      case 'MenuChanged': {
        const current = state.entries[menuId];
        return current ? { entries: { ...state.entries, [menuId]: { ...current, ...event.data } } } : state;
      }
      case 'MenuDeleted': {
        const { [menuId]: _, ...rest } = state.entries;
        return { entries: rest };
      }
    }
  },
  decide(command, state) {
    const { entries } = state;
    if (command.type === 'SeedBuiltInMenus') {
      return command.entries
        .filter((e) => !entries[e.menuId])
        .map((e) => ({ type: 'MenuCreated', data: { ...e, builtIn: true } }));
    }
    const current = entries[command.menuId];
    if (command.type === 'CreateMenu') {
      if (current) return new DomainError('error.menu.exists');
      const fields = inherit(command.fields, entries);
      const broken = parentRuleBroken(fields.menuType, entries[fields.parentId ?? ''], fields.parentId);
      if (broken) return broken;
      return [{ type: 'MenuCreated', data: { menuId: command.menuId, ...fields, builtIn: false } }];
    }
    if (!current) return new DomainError('error.menu.notFound');
    if (command.type === 'DeleteMenu') {
      if (current.builtIn) return new DomainError('error.menu.builtIn');
      if (Object.values(entries).some((e) => e.parentId === command.menuId))
        return new DomainError('error.menu.hasChildren');
      return [{ type: 'MenuDeleted', data: { menuId: command.menuId } }];
    }
    const fields = inherit(command.fields, entries);
    if (current.builtIn && BUILT_IN_FIXED.some((k) => fields[k] !== current[k]))
      return new DomainError('error.menu.builtIn');
    const broken = parentRuleBroken(fields.menuType, entries[fields.parentId ?? ''], fields.parentId);
    if (broken) return broken;
    if (isSelfOrBelow(entries, command.menuId, fields.parentId))
      return new DomainError('error.menu.parentLoop');
    if (
      fields.menuType !== current.menuType &&
      Object.values(entries).some((e) => e.parentId === command.menuId)
    )
      return new DomainError('error.menu.hasChildren');
    const same = (Object.keys(fields) as (keyof MenuFields)[]).every((k) =>
      k === 'titles'
        ? LANGUAGES.every((l) => fields.titles[l] === current.titles[l])
        : fields[k] === current[k],
    );
    return same ? [] : [{ type: 'MenuChanged', data: { menuId: command.menuId, ...fields } }];
  },
};

/** Entries below a directory are platform-only exactly when it is. */
function inherit(fields: MenuFields, entries: MenuTreeState['entries']): MenuFields {
  const parent = fields.parentId ? entries[fields.parentId] : undefined;
  return parent ? { ...fields, platformOnly: parent.platformOnly } : fields;
}
