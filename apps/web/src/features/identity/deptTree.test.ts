import type { DeptView } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { deptOptions, deptTreeRows, visibleDeptRows } from './deptTree.ts';

const dept = (deptId: string, parentId: string | null, orderNum = 0): DeptView => ({
  deptId,
  parentId,
  deptName: deptId,
  orderNum,
  leader: null,
  phone: null,
  email: null,
  status: '0',
  userCount: 0,
  createTime: '2026-01-01T00:00:00Z',
});

describe('the department tree', () => {
  const list = [
    dept('leak', 'head', 2),
    dept('north', null, 1),
    dept('head', null, 0),
    dept('crew', 'head', 1),
  ];

  it('puts each department under its parent, siblings by order', () => {
    expect(deptTreeRows(list).map((r) => [r.deptId, r.depth, r.childIds])).toEqual([
      ['head', 0, ['leak', 'crew']],
      ['crew', 1, []],
      ['leak', 1, []],
      ['north', 0, []],
    ]);
  });

  it('shows a department whose parent was filtered out at the top level', () => {
    expect(deptTreeRows([dept('leak', 'head')]).map((r) => [r.deptId, r.depth])).toEqual([['leak', 0]]);
  });

  it('hides the rows below a collapsed department', () => {
    const rows = deptTreeRows(list);
    expect(visibleDeptRows(rows, new Set(['head'])).map((r) => r.deptId)).toEqual(['head', 'north']);
    expect(visibleDeptRows(rows, new Set()).length).toBe(4);
  });

  it('indents the parent options by depth', () => {
    expect(deptOptions(list)[1]).toEqual({ value: 'crew', label: '\u2003crew' });
  });
});
