import type { MenuTreeNode } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { indexMenuTree, normaliseTicked, tickedMenuIds, tickState, toggleTick } from './menuTick.ts';

const tree: MenuTreeNode[] = [
  {
    id: 'meter',
    label: 'Meters',
    children: [
      {
        id: 'valve',
        label: 'Valve operation',
        children: [
          { id: 'open', label: 'open' },
          { id: 'close', label: 'close' },
        ],
      },
      { id: 'list', label: 'Meter list' },
    ],
  },
  { id: 'system', label: 'System' },
];
const index = indexMenuTree(tree);

describe('the permission tree', () => {
  it('ticks a page with its buttons and the directory above, which shows partly ticked', () => {
    const ticked = toggleTick(index, new Set(), 'valve', true);
    expect(tickedMenuIds(index, ticked)).toEqual(['meter', 'valve', 'open', 'close']);
    expect(tickState(index, ticked, 'valve')).toBe('checked');
    expect(tickState(index, ticked, 'meter')).toBe('indeterminate');
    expect(tickState(index, ticked, 'list')).toBe('unchecked');
  });

  it('keeps the page and directory above one ticked button', () => {
    const ticked = toggleTick(index, new Set(), 'close', true);
    expect(tickedMenuIds(index, ticked)).toEqual(['meter', 'valve', 'close']);
    expect(tickState(index, ticked, 'valve')).toBe('indeterminate');
  });

  it('unticking the last ticked node below drops the nodes above', () => {
    const ticked = toggleTick(index, toggleTick(index, new Set(), 'close', true), 'close', false);
    expect(tickedMenuIds(index, ticked)).toEqual([]);
    const two = toggleTick(index, toggleTick(index, new Set(), 'valve', true), 'open', false);
    expect(tickedMenuIds(index, two)).toEqual(['meter', 'valve', 'close']);
  });

  it('ticking a directory ticks everything below it', () => {
    const ticked = toggleTick(index, new Set(), 'meter', true);
    expect(tickState(index, ticked, 'meter')).toBe('checked');
    expect(tickedMenuIds(index, ticked)).toEqual(['meter', 'valve', 'open', 'close', 'list']);
  });

  it('reads a role with a page but none of its buttons as partly ticked, unknown ids dropped', () => {
    const ticked = normaliseTicked(index, ['valve', 'gone']);
    expect(tickedMenuIds(index, ticked)).toEqual(['meter', 'valve']);
    expect(tickState(index, ticked, 'valve')).toBe('indeterminate');
  });
});
