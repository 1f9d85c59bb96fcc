import type { DeptView } from '@hydrolog/schemas';
import { ActionIcon, Badge, Box, Group } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { Icon } from '../../components/Icon.tsx';
import { defineListScreen, listColumns, StatusFilter, TextFilter } from '../../components/ListScreen.tsx';
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
  usePage: () => {
    const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
    const [editing, setEditing] = useState<Editing | null>(null);
    const toggle = (deptId: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (next.has(deptId)) next.delete(deptId);
        else next.add(deptId);
        return next;
      });
    return { collapsed, setCollapsed, toggle, editing, setEditing };
  },
  shownRows: (rows, { page }) => visibleDeptRows(rows, page.collapsed),
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
        const dept = c.row.original;
        const open = !page.collapsed.has(dept.deptId);
        return (
          <Group gap={4} wrap="nowrap" style={{ paddingLeft: dept.depth * 20 }}>
            {dept.childIds.length > 0 ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                aria-expanded={open}
                aria-label={t(open ? 'depts.collapseOf' : 'depts.expandOf', { name: dept.deptName })}
                onClick={() => page.toggle(dept.deptId)}
              >
                <Icon name={open ? 'chevron-down' : 'chevron-right'} size={14} />
              </ActionIcon>
            ) : (
              <Box w={22} />
            )}
            <span>{dept.deptName}</span>
          </Group>
        );
      },
    }),
    column.accessor('orderNum', { header: () => t('depts.orderNum') }),
    column.accessor('leader', { header: () => t('depts.leader'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('phone', { header: () => t('depts.phone'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('userCount', { header: () => t('depts.userCount') }),
    column.accessor('status', {
      header: () => t('depts.status'),
      cell: (c) => (
        <Badge color={c.getValue() === '0' ? 'green' : 'gray'} variant="light">
          {t(`depts.statuses.${c.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('createTime', {
      header: () => t('depts.createTime'),
      cell: (c) => (
        <span title={dayjs(c.getValue()).format('YYYY-MM-DD HH:mm:ss')}>
          {dayjs(c.getValue()).format('YYYY-MM-DD HH:mm')}
        </span>
      ),
    }),
  ],
  rowActions: (dept, { t, page }) => [
    {
      label: t('depts.newSub'),
      ariaLabel: t('depts.addSubOf', { name: dept.deptName }),
      icon: 'plus',
      permission: ['system:dept:add'],
      onClick: () => page.setEditing({ dept: null, parentId: dept.deptId }),
    },
    {
      label: t('actions.edit'),
      ariaLabel: t('depts.editOf', { name: dept.deptName }),
      icon: 'edit',
      permission: ['system:dept:edit'],
      onClick: () => page.setEditing({ dept, parentId: dept.parentId }),
    },
  ],
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
    const anyExpanded = rows.some((r) => r.childIds.length > 0 && !page.collapsed.has(r.deptId));
    return [
      {
        label: t(anyExpanded ? 'depts.collapseAll' : 'depts.expandAll'),
        variant: 'default',
        disabled: rows.length === 0,
        onClick: () =>
          page.setCollapsed(
            anyExpanded ? new Set(rows.filter((r) => r.childIds.length > 0).map((r) => r.deptId)) : new Set(),
          ),
      },
      {
        label: t('depts.new'),
        permission: ['system:dept:add'],
        onClick: () => page.setEditing({ dept: null, parentId: null }),
      },
    ];
  },
  columnChoice: false,
  minWidth: 900,
  rowProps: (dept) => ({ 'data-depth': dept.depth, 'aria-level': dept.depth + 1 }),
  dialogs: ({ list, page: { editing, setEditing } }) =>
    editing && (
      <DeptForm
        dept={editing.dept}
        parentId={editing.parentId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.load();
        }}
      />
    ),
});
