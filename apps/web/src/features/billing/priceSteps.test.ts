import { describe, expect, it } from 'vitest';
import { shapedSteps, withStepAdded } from './priceSteps.ts';

describe('the steps editor', () => {
  it('starts each step where the one before ends, and leaves only the last unlimited', () => {
    expect(
      shapedSteps([
        { startVolume: 5, endVolume: 12, unitPrice: 2 },
        { startVolume: 0, endVolume: -1, unitPrice: 3.5 },
        { startVolume: 0, endVolume: 40, unitPrice: 5 },
      ]),
    ).toEqual([
      { startVolume: 0, endVolume: 12, unitPrice: 2 },
      { startVolume: 12, endVolume: 13, unitPrice: 3.5 },
      { startVolume: 13, endVolume: -1, unitPrice: 5 },
    ]);
  });

  it('adds a step after the last, which gets an end, and keeps the ladder shaped when one is removed', () => {
    const two = withStepAdded([{ startVolume: 0, endVolume: -1, unitPrice: 2 }]);
    expect(two).toEqual([
      { startVolume: 0, endVolume: 1, unitPrice: 2 },
      { startVolume: 1, endVolume: -1, unitPrice: 2 },
    ]);
    expect(shapedSteps(two.slice(1))).toEqual([{ startVolume: 0, endVolume: -1, unitPrice: 2 }]);
    expect(withStepAdded([])).toEqual([{ startVolume: 0, endVolume: -1, unitPrice: 1 }]);
  });
});
