import type { DeptView } from '@hydrolog/schemas';
import { z } from 'zod';
import { defineListScreen, listColumns, StatusFilter, TextFilter } from '../../components/ListScreen.tsx';
import { EnabledBadge, MinuteTime } from '../../components/TableCells.tsx';
import { foldAllAction, TreeName, treeRowActions, useIdSet } from '../../components/TreeList.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField } from '../../lib/listQuery.ts';
import { deleteDept, listDepts } from './api/organisation.ts';
import { DeptForm } from './DeptForm.tsx';
import { type DeptRow, deptTreeRows, visibleDeptRows } from './deptTree.ts';

/** The route of this page (menu catalogue component 'system/dept/index'). */
export const DEPTS_PATH = '/system/dept';

const column = listColumns<DeptRow>();
const STATUSES = ['0', '1'] as const;

/** The form on screen: a new department (under a parent or at the top) or one to edit. */
type Editing = { dept: DeptView | null; parentId: string | null };

/** System / Departments: the tenant's departments as a tree table; add, add below, edit, delete. */
export const Depts = defineListScreen({
  path: DEPTS_PATH,
  testId: 'depts',
  texts: { title: 'depts.title', empty: 'depts.empty', actions: 'depts.actions' },
  tree: true,
  filters: z.object({ deptName: filterField.text(20), status: filterField.option(STATUSES) }),
  fetch: async ({ deptName, status }) => {
    const rows = deptTreeRows(
      await listDepts({ deptName: deptName || undefined, status: status || undefined }),
    );
    return { total: rows.length, rows };
  },
  rowId: (row) => row.deptId,
  usePage: (list) => ({ collapsed: useIdSet(), editing: useListDialog<Editing>(list) }),
  shownRows: (rows, { page }) => visibleDeptRows(rows, page.collapsed.ids),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="deptName" label={t('depts.deptName')} maxLength={20} />
      <StatusFilter bar={bar} group="depts" />
    </>
  ),
  columns: ({ t, page }) => [
    column.accessor('deptName', {
      header: () => t('depts.deptName'),
      cell: (c) => {
        const { deptId } = c.row.original;
        return (
          <TreeName
            row={c.row.original}
            name={c.getValue()}
            group="depts"
            open={!page.collapsed.ids.has(deptId)}
            onToggle={() => page.collapsed.toggle(deptId)}
          />
        );
      },
    }),
    column.accessor('orderNum', { header: () => t('depts.orderNum') }),
    column.accessor('leader', { header: () => t('depts.leader'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('phone', { header: () => t('depts.phone'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('userCount', { header: () => t('depts.userCount') }),
    column.accessor('status', {
      header: () => t('depts.status'),
      cell: (c) => <EnabledBadge status={c.getValue()} label={t(`depts.statuses.${c.getValue()}`)} />,
    }),
    column.accessor('createTime', {
      header: () => t('depts.createTime'),
      cell: (c) => <MinuteTime value={c.getValue()} />,
    }),
  ],
  rowActions: (dept, { t, page }) =>
    treeRowActions(t, 'depts', 'system:dept', dept.deptName, {
      below: () => page.editing.open({ dept: null, parentId: dept.deptId }),
      edit: () => page.editing.open({ dept, parentId: dept.parentId }),
    }),
  // Refused: shown by the request layer (sub-departments or users).
  remove: ({ t }) => ({
    permission: ['system:dept:remove'],
    ariaLabel: (dept) => t('depts.removeOf', { name: dept.deptName }),
    texts: ([dept]) => ({
      title: t('depts.removeTitle'),
      message: t('depts.removeConfirm', { name: dept?.deptName }),
      confirm: t('depts.remove'),
      done: t('depts.removed', { name: dept?.deptName }),
    }),
    run: ([dept]) => (dept ? deleteDept(dept.deptId) : Promise.resolve()),
  }),
  actions: ({ t, list, page }) => {
    const rows = list.data?.rows ?? [];
    const anyExpanded = rows.some((r) => r.childIds.length > 0 && !page.collapsed.ids.has(r.deptId));
    const branches = rows.filter((r) => r.childIds.length > 0).map((r) => r.deptId);
    return [
      foldAllAction(t, 'depts', rows, anyExpanded, (fold) =>
        page.collapsed.setIds(new Set(fold ? branches : [])),
      ),
      {
        label: t('depts.new'),
        permission: ['system:dept:add'],
        onClick: () => page.editing.open({ dept: null, parentId: null }),
      },
    ];
  },
  columnChoice: false,
  minWidth: 900,
  rowProps: (dept) => ({ 'data-depth': dept.depth, 'aria-level': dept.depth + 1 }),
  dialogs: ({ page: { editing } }) =>
    editing.value && (
      <DeptForm
        dept={editing.value.dept}
        parentId={editing.value.parentId}
        onClose={editing.close}
        onSaved={editing.saved}
      />
    ),
});
