// @vitest-environment jsdom

import { afterEach, describe, expect, it } from 'vitest';
import { rememberedPartition, rememberPartition, startingPartition } from './partitionChoice.ts';

const figures = (
  partitionId: string,
  supply: number | null,
  unknown: 'noSummaryMeter' | 'gap' | null = null,
) => ({
  partitionId,
  supply,
  unknown,
});

describe('the partition a cascade page opens on', () => {
  afterEach(() => localStorage.clear());

  it('opens on the one last viewed while it exists', () => {
    const partitions = [figures('a', 10), figures('b', 500)];
    expect(startingPartition(partitions, 'a')).toBe('a');
    expect(startingPartition(partitions, 'gone')).toBe('b');
  });

  it('else on the one with the most data: the largest measured supply, then a summary meter, then the first', () => {
    expect(
      startingPartition(
        [figures('empty', null, 'noSummaryMeter'), figures('small', 3), figures('big', 90)],
        null,
      ),
    ).toBe('big');
    expect(
      startingPartition([figures('empty', null, 'noSummaryMeter'), figures('gap', null, 'gap')], null),
    ).toBe('gap');
    expect(
      startingPartition([figures('x', null, 'noSummaryMeter'), figures('y', null, 'noSummaryMeter')], null),
    ).toBe('x');
    expect(startingPartition([], null)).toBeNull();
  });

  it('remembers per tenant and user', () => {
    rememberPartition({ tenantId: 't1', userId: 'u1' }, 'p1');
    rememberPartition({ tenantId: 't1', userId: 'u2' }, 'p2');
    expect(rememberedPartition({ tenantId: 't1', userId: 'u1' })).toBe('p1');
    expect(rememberedPartition({ tenantId: 't1', userId: 'u2' })).toBe('p2');
    expect(rememberedPartition({ tenantId: 't2', userId: 'u1' })).toBeNull();
  });
});
