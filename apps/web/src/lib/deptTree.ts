import type { DeptView } from '@hydrolog/schemas';

/** A department shown as a row of the tree table. */
export interface DeptRow extends DeptView {
  depth: number;
  /** Ids of the sub-departments in the list. */
  childIds: string[];
}

const byOrder = (a: DeptView, b: DeptView) =>
  a.orderNum - b.orderNum || a.deptName.localeCompare(b.deptName) || a.deptId.localeCompare(b.deptId);

/**
 * The flat list as tree rows in display order: each department under its parent, siblings by order.
 * A department whose parent is not in the list (filtered out) shows at the top level.
 */
export function deptTreeRows(depts: readonly DeptView[]): DeptRow[] {
  const ids = new Set(depts.map((d) => d.deptId));
  const children = new Map<string | null, DeptView[]>();
  for (const d of depts) {
    const parent = d.parentId && ids.has(d.parentId) ? d.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const rows: DeptRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const d of [...(children.get(parent) ?? [])].sort(byOrder)) {
      if (seen.has(d.deptId)) continue;
      seen.add(d.deptId);
      rows.push({ ...d, depth, childIds: (children.get(d.deptId) ?? []).map((c) => c.deptId) });
      walk(d.deptId, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** The rows on screen: those whose ancestors are all expanded. */
export function visibleDeptRows(rows: readonly DeptRow[], collapsed: ReadonlySet<string>): DeptRow[] {
  const visible: DeptRow[] = [];
  let hiddenBelow: number | null = null;
  for (const row of rows) {
    if (hiddenBelow !== null && row.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(row.deptId) && row.childIds.length > 0 ? row.depth : null;
    visible.push(row);
  }
  return visible;
}

/** Select options for a parent department, indented by depth. */
export function deptOptions(depts: readonly DeptView[]): { value: string; label: string }[] {
  return deptTreeRows(depts).map((d) => ({
    value: d.deptId,
    label: `${'\u2003'.repeat(d.depth)}${d.deptName}`,
  }));
}
