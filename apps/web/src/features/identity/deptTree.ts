import type { DeptView } from '@hydrolog/schemas';
import { type TreeRow, type TreeShape, treeRows, visibleTreeRows } from '../../lib/treeRows.ts';

/** A department shown as a row of the tree table. */
export interface DeptRow extends DeptView, TreeRow {}

const DEPT_TREE: TreeShape<DeptView> = {
  id: (d) => d.deptId,
  parentId: (d) => d.parentId,
  compare: (a, b) =>
    a.orderNum - b.orderNum || a.deptName.localeCompare(b.deptName) || a.deptId.localeCompare(b.deptId),
};

/** The departments as tree rows in display order (see treeRows). */
export const deptTreeRows = (depts: readonly DeptView[]): DeptRow[] => treeRows(depts, DEPT_TREE);

/** The rows on screen: those whose ancestors are all expanded. */
export const visibleDeptRows = (rows: readonly DeptRow[], collapsed: ReadonlySet<string>): DeptRow[] =>
  visibleTreeRows(rows, collapsed, (r) => r.deptId);

/** Select options for a parent department, indented by depth. */
export function deptOptions(depts: readonly DeptView[]): { value: string; label: string }[] {
  return deptTreeRows(depts).map((d) => ({
    value: d.deptId,
    label: `${'\u2003'.repeat(d.depth)}${d.deptName}`,
  }));
}
