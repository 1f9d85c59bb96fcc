import { describe, it } from 'vitest';
import { type ManualReadingCommand, type ManualReadingEvent, manualReadingDecider } from '../../src/index.ts';
import { given } from '../spec.ts';

const readingId = '0190a000-0000-7000-8000-0000000000e1';
const meterId = '0190a000-0000-7000-8000-0000000000c1';
const reader = '0190a000-0000-7000-8000-0000000000d1';
const at = '2026-11-02T08:00:00.000Z';

const enter = (overrides: Partial<ManualReadingCommand> = {}): ManualReadingCommand => ({
  type: 'EnterManualReading',
  readingId,
  meterId,
  ts: '2026-11-02T07:30:00.000Z',
  total: 120.5,
  reset: false,
  photoUrl: null,
  planId: null,
  remark: '',
  actorId: reader,
  at,
  meterKnown: true,
  duplicate: false,
  previous: { ts: '2026-11-01T07:00:00.000Z', total: 100 },
  next: null,
  ...overrides,
});

const entered = (
  reading: ManualReadingEvent['data']['readings'][number],
  reset = false,
): ManualReadingEvent => ({
  type: 'ManualReadingEntered',
  data: {
    readingId,
    meterId,
    source: 'manual',
    readings: [reading],
    reset,
    photoUrl: null,
    planId: null,
    remark: '',
    by: reader,
    at,
  },
});

describe('a manual reading', () => {
  it('becomes a reading of the meter, from the manual source, at the time it was read', () => {
    given(manualReadingDecider, [])
      .when(enter())
      .then([entered({ ts: '2026-11-02T07:30:00.000Z', total: 120.5 })]);
  });

  it('may equal the last counter, and a first reading has nothing to compare with', () => {
    given(manualReadingDecider, [])
      .when(enter({ total: 100 }))
      .thenMatches([{ type: 'ManualReadingEntered' }]);
    given(manualReadingDecider, [])
      .when(enter({ total: 0, previous: null }))
      .thenMatches([{ type: 'ManualReadingEntered' }]);
  });

  it('is refused below the last counter, unless marked as a reset, which breaks the counter before it', () => {
    given(manualReadingDecider, [])
      .when(enter({ total: 99.9 }))
      .thenFails({
        key: 'error.manualReading.belowLast',
        params: { last: 100, time: '2026-11-01T07:00:00.000Z' },
      });
    given(manualReadingDecider, [])
      .when(enter({ total: 3, reset: true }))
      .then([entered({ ts: '2026-11-02T07:30:00.000Z', total: 3, counterBreak: 'before' }, true)]);
  });

  it('is refused above a later reading of the meter', () => {
    given(manualReadingDecider, [])
      .when(enter({ next: { ts: '2026-11-02T08:00:00.000Z', total: 110 } }))
      .thenFails({
        key: 'error.manualReading.aboveNext',
        params: { next: 110, time: '2026-11-02T08:00:00.000Z' },
      });
  });

  it('is refused in the future beyond the clocks tolerance, for a meter not of the tenant, or at a time already read', () => {
    given(manualReadingDecider, [])
      .when(enter({ ts: '2026-11-02T08:11:00.000Z' }))
      .thenFails('error.manualReading.future');
    given(manualReadingDecider, [])
      .when(enter({ ts: '2026-11-02T08:09:00.000Z' }))
      .thenMatches([{ type: 'ManualReadingEntered' }]);
    given(manualReadingDecider, [])
      .when(enter({ meterKnown: false }))
      .thenFails('error.manualReading.meterUnknown');
    given(manualReadingDecider, [])
      .when(enter({ duplicate: true }))
      .thenFails('error.manualReading.duplicate');
  });
});
