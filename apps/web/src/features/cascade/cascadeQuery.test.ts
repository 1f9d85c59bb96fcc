import { CASCADE_IMPORT_MAX } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { batchLimit, iliBand, parseAnalysisQuery, selectionProblem } from './cascadeQuery.ts';

describe('cascade page helpers', () => {
  it('limits a batch to 1000 meters and to the remaining quota of the point', () => {
    expect(batchLimit(5000)).toBe(CASCADE_IMPORT_MAX);
    expect(batchLimit(12)).toBe(12);
    expect(batchLimit(-3)).toBe(0);
    expect(selectionProblem(0, 5000)).toBe('cascade.picker.noneSelected');
    expect(selectionProblem(2, 5000)).toBeNull();
    expect(selectionProblem(13, 12)).toBe('cascade.picker.tooMany');
    expect(selectionProblem(1001, 5000)).toBe('cascade.picker.tooMany');
  });

  it('bands the Infrastructure Leakage Index as A to D', () => {
    expect([0.8, 1.99, 2, 3.9, 4, 7.99, 8, 20].map(iliBand)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
    ]);
    expect(iliBand(null)).toBeNull();
    expect(iliBand(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('keeps the leak detection tab in the URL', () => {
    expect(parseAnalysisQuery({ tab: 'detection' }).tab).toBe('detection');
    expect(parseAnalysisQuery({ tab: 'other' }).tab).toBe('analysis');
  });
});
