/** A row of a tree table: how deep it sits and which rows of the list are its children. */
export interface TreeRow {
  depth: number;
  childIds: string[];
}

/** How to read a tree out of a flat list: each item's id, its parent's id, and the order of siblings. */
export interface TreeShape<T> {
  id(item: T): string;
  parentId(item: T): string | null;
  compare(a: T, b: T): number;
}

/**
 * The flat list as tree rows in display order: each item under its parent, siblings in order.
 * An item whose parent is not in the list (filtered out) shows at the top level.
 */
export function treeRows<T>(items: readonly T[], shape: TreeShape<T>): (T & TreeRow)[] {
  const ids = new Set(items.map(shape.id));
  const children = new Map<string | null, T[]>();
  for (const item of items) {
    const parentId = shape.parentId(item);
    const parent = parentId && ids.has(parentId) ? parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const rows: (T & TreeRow)[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const item of [...(children.get(parent) ?? [])].sort(shape.compare)) {
      const id = shape.id(item);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push({ ...item, depth, childIds: (children.get(id) ?? []).map(shape.id) });
      walk(id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** The rows on screen: those whose ancestors are all expanded. */
export function visibleTreeRows<R extends TreeRow>(
  rows: readonly R[],
  collapsed: ReadonlySet<string>,
  id: (row: R) => string,
): R[] {
  const visible: R[] = [];
  let hiddenBelow: number | null = null;
  for (const row of rows) {
    if (hiddenBelow !== null && row.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(id(row)) && row.childIds.length > 0 ? row.depth : null;
    visible.push(row);
  }
  return visible;
}
