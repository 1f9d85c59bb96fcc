import type { DeptView } from '@hydrolog/schemas';
import { ActionIcon, Badge, Box, Button, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { FilterBar, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { deleteDept, listDepts } from './api/organisation.ts';
import { DeptForm } from './DeptForm.tsx';
import { type DeptRow, deptTreeRows, visibleDeptRows } from './deptTree.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, DeptRow>();
const NO_ROWS: DeptRow[] = [];

interface Filters {
  deptName: string;
  status: '' | '0' | '1';
}
const EMPTY: Filters = { deptName: '', status: '' };

/** The form on screen: a new department (under a parent or at the top) or one to edit. */
type Editing = { dept: DeptView | null; parentId: string | null };

/** System / Departments: the tenant's departments as a tree table; add, add below, edit, delete. */
export function Depts() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [depts, setDepts] = useState<DeptView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    listDepts({ deptName: applied.deptName.trim() || undefined, status: applied.status || undefined })
      .then(setDepts, () => setDepts((d) => d ?? []))
      .finally(() => setLoading(false));
  }, [applied]);
  useEffect(load, [load]);

  const rows = useMemo(() => deptTreeRows(depts ?? []), [depts]);
  const visible = useMemo(() => visibleDeptRows(rows, collapsed), [rows, collapsed]);
  const anyExpanded = rows.some((r) => r.childIds.length > 0 && !collapsed.has(r.deptId));

  const toggle = (deptId: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(deptId)) next.delete(deptId);
      else next.add(deptId);
      return next;
    });
  const expandAll = () => setCollapsed(new Set());
  const collapseAll = () =>
    setCollapsed(new Set(rows.filter((r) => r.childIds.length > 0).map((r) => r.deptId)));

  const search = () => setApplied({ ...filters });
  const reset = () => {
    setFilters(EMPTY);
    setApplied(EMPTY);
  };

  async function remove(dept: DeptView) {
    // Refused: shown by the request layer (sub-departments or users)
    const done = await confirmAndRun(
      {
        title: t('depts.removeTitle'),
        message: t('depts.removeConfirm', { name: dept.deptName }),
        confirm: t('depts.remove'),
      },
      () => deleteDept(dept.deptId),
      t('depts.removed', { name: dept.deptName }),
    );
    if (done) load();
  }

  const columns = column.columns([
    column.accessor('deptName', {
      header: () => t('depts.deptName'),
      cell: (c) => {
        const dept = c.row.original;
        const open = !collapsed.has(dept.deptId);
        return (
          <Group gap={4} wrap="nowrap" style={{ paddingLeft: dept.depth * 20 }}>
            {dept.childIds.length > 0 ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                aria-expanded={open}
                aria-label={t(open ? 'depts.collapseOf' : 'depts.expandOf', { name: dept.deptName })}
                onClick={() => toggle(dept.deptId)}
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
    column.display({
      id: 'actions',
      header: () => t('depts.actions'),
      cell: (c) => {
        const dept = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:dept:add']}>
              <RowAction
                label={t('depts.newSub')}
                ariaLabel={t('depts.addSubOf', { name: dept.deptName })}
                icon="plus"
                onClick={() => setEditing({ dept: null, parentId: dept.deptId })}
              />
            </HasPermi>
            <HasPermi value={['system:dept:edit']}>
              <RowAction
                label={t('actions.edit')}
                ariaLabel={t('depts.editOf', { name: dept.deptName })}
                icon="edit"
                onClick={() => setEditing({ dept, parentId: dept.parentId })}
              />
            </HasPermi>
            <HasPermi value={['system:dept:remove']}>
              <RowAction
                label={t('actions.remove')}
                ariaLabel={t('depts.removeOf', { name: dept.deptName })}
                icon="trash"
                color="red"
                onClick={() => void remove(dept)}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({
    features,
    columns,
    data: depts ? visible : NO_ROWS,
    getRowId: (row) => row.deptId,
  });

  return (
    <Card withBorder data-testid="depts-page">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('depts.title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={anyExpanded ? collapseAll : expandAll}
            disabled={rows.length === 0}
          >
            {t(anyExpanded ? 'depts.collapseAll' : 'depts.expandAll')}
          </Button>
          <HasPermi value={['system:dept:add']}>
            <Button onClick={() => setEditing({ dept: null, parentId: null })}>{t('depts.new')}</Button>
          </HasPermi>
        </Group>
      </Group>
      <FilterBar testId="depts-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('depts.deptName')}
          value={filters.deptName}
          maxLength={20}
          onChange={(e) => {
            const deptName = e.currentTarget.value;
            setFilters((f) => ({ ...f, deptName }));
          }}
        />
        <Select
          label={t('depts.status')}
          w={160}
          placeholder={t('depts.allStatuses')}
          clearable
          data={(['0', '1'] as const).map((s) => ({ value: s, label: t(`depts.statuses.${s}`) }))}
          value={filters.status || null}
          onChange={(value) =>
            setFilters((f) => ({ ...f, status: value === '0' || value === '1' ? value : '' }))
          }
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={depts === null ? null : rows}
        loading={loading}
        empty={t('depts.empty')}
        testId="depts-table"
        minWidth={900}
        rowProps={(dept) => ({ 'data-depth': dept.depth, 'aria-level': dept.depth + 1 })}
      />
      {editing && (
        <DeptForm
          dept={editing.dept}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
