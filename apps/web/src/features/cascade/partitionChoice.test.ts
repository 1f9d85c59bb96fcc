// @vitest-environment jsdom

import { afterEach, describe, expect, it } from 'vitest';
import { remember, remembered, startingPartition, startingProvider } from './partitionChoice.ts';

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
    remember({ tenantId: 't1', userId: 'u1' }, 'partition', 'p1');
    remember({ tenantId: 't1', userId: 'u2' }, 'partition', 'p2');
    expect(remembered({ tenantId: 't1', userId: 'u1' }, 'partition')).toBe('p1');
    expect(remembered({ tenantId: 't1', userId: 'u2' }, 'partition')).toBe('p2');
    expect(remembered({ tenantId: 't2', userId: 'u1' }, 'partition')).toBeNull();
    expect(remembered({ tenantId: 't1', userId: 'u1' }, 'mapType')).toBeNull();
  });
});

describe('the basemap the partition map opens on', () => {
  const providers = [
    { mapType: 0 as const, tiles: 'https://a/{z}/{x}/{y}.png', attribution: '' },
    { mapType: 1 as const, tiles: 'https://b/{z}/{x}/{y}.png', attribution: '' },
  ];

  it('opens on the one last chosen while it is configured, else on the first, and on none without any', () => {
    expect(startingProvider(providers, '1')).toBe(1);
    expect(startingProvider(providers, null)).toBe(0);
    expect(startingProvider(providers.slice(0, 1), '1')).toBe(0);
    expect(startingProvider([], '1')).toBeUndefined();
  });
});
