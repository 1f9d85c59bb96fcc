import type { MenuTreeNode } from '@hydrolog/schemas';

/** How a node of the permission tree shows: ticked, partly ticked (indeterminate), or not. */
export type TickState = 'checked' | 'indeterminate' | 'unchecked';

export interface MenuIndex {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  /** Every node id, parents before their children. */
  all: string[];
}

export function indexMenuTree(nodes: readonly MenuTreeNode[]): MenuIndex {
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const all: string[] = [];
  const walk = (list: readonly MenuTreeNode[], up: string | null) => {
    for (const node of list) {
      parent.set(node.id, up);
      children.set(
        node.id,
        (node.children ?? []).map((c) => c.id),
      );
      all.push(node.id);
      walk(node.children ?? [], node.id);
    }
  };
  walk(nodes, null);
  return { parent, children, all };
}

const descendants = (index: MenuIndex, id: string): string[] =>
  (index.children.get(id) ?? []).flatMap((c) => [c, ...descendants(index, c)]);

const ancestors = (index: MenuIndex, id: string): string[] => {
  const up = index.parent.get(id);
  return up ? [up, ...ancestors(index, up)] : [];
};

/** The ticked ids as kept: known ids only, each with the directories and pages above it. */
export function normaliseTicked(index: MenuIndex, ids: Iterable<string>): Set<string> {
  const ticked = new Set<string>();
  for (const id of ids) {
    if (!index.parent.has(id)) continue;
    ticked.add(id);
    for (const a of ancestors(index, id)) ticked.add(a);
  }
  return ticked;
}

/**
 * Ticks or unticks a node. Ticking takes everything below it and the nodes above it; unticking drops
 * everything below it, and a node above left with nothing ticked below is dropped too.
 */
export function toggleTick(
  index: MenuIndex,
  ticked: ReadonlySet<string>,
  id: string,
  on: boolean,
): Set<string> {
  const next = new Set(ticked);
  if (on) {
    for (const x of [id, ...descendants(index, id), ...ancestors(index, id)]) next.add(x);
    return next;
  }
  for (const x of [id, ...descendants(index, id)]) next.delete(x);
  for (const a of ancestors(index, id)) {
    if ((index.children.get(a) ?? []).some((c) => next.has(c))) break;
    next.delete(a);
  }
  return next;
}

/** A node with everything below it ticked is ticked; with only some (or none, itself ticked) partly. */
export function tickState(index: MenuIndex, ticked: ReadonlySet<string>, id: string): TickState {
  const below = descendants(index, id);
  if (below.length === 0) return ticked.has(id) ? 'checked' : 'unchecked';
  const count = below.filter((x) => ticked.has(x)).length;
  if (count === below.length && ticked.has(id)) return 'checked';
  return count > 0 || ticked.has(id) ? 'indeterminate' : 'unchecked';
}

/** The menuIds to send: every ticked node, in tree order. */
export function tickedMenuIds(index: MenuIndex, ticked: ReadonlySet<string>): string[] {
  return index.all.filter((id) => ticked.has(id));
}
