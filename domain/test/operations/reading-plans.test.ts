import { describe, it } from 'vitest';
import { type ReadingPlanCommand, type ReadingPlanEvent, readingPlanDecider } from '../../src/index.ts';
import { given } from '../spec.ts';

const planId = '0190a000-0000-7000-8000-0000000000a1';
const reader = '0190a000-0000-7000-8000-0000000000f1';
const dispatcher = '0190a000-0000-7000-8000-0000000000d1';
const meterA = '0190a000-0000-7000-8000-0000000000c1';
const groupId = '0190a000-0000-7000-8000-0000000000b1';
const at = '2026-11-02T08:00:00.000Z';

const create = (
  overrides: Partial<Extract<ReadingPlanCommand, { type: 'CreateReadingPlan' }>> = {},
): ReadingPlanCommand => ({
  type: 'CreateReadingPlan',
  planId,
  name: 'North district, November',
  readerId: reader,
  startDate: '2026-11-01',
  endDate: '2026-11-10',
  groupId: null,
  meterIds: [meterA],
  readerKnown: true,
  groupKnown: true,
  unknownMeterNos: [],
  actorId: dispatcher,
  at,
  ...overrides,
});

const created: ReadingPlanEvent = {
  type: 'ReadingPlanCreated',
  data: {
    planId,
    name: 'North district, November',
    readerId: reader,
    startDate: '2026-11-01',
    endDate: '2026-11-10',
    groupId: null,
    meterIds: [meterA],
    by: dispatcher,
    at,
  },
};

describe('a walk-by reading plan', () => {
  it('is made for a reader over listed meters, or over a meter group', () => {
    given(readingPlanDecider, []).when(create()).then([created]);
    given(readingPlanDecider, [])
      .when(create({ groupId, meterIds: [] }))
      .thenMatches([{ type: 'ReadingPlanCreated', data: { groupId, meterIds: [] } }]);
  });

  it('starts before it ends', () => {
    given(readingPlanDecider, [])
      .when(create({ endDate: '2026-11-01' }))
      .thenFails('validation.readingPlan.dates');
    given(readingPlanDecider, [])
      .when(create({ endDate: '2026-10-31' }))
      .thenFails('validation.readingPlan.dates');
  });

  it('is refused for a reader, a group or meters the tenant does not have, or with no meter', () => {
    given(readingPlanDecider, [])
      .when(create({ readerKnown: false }))
      .thenFails('error.readingPlan.reader');
    given(readingPlanDecider, [])
      .when(create({ groupId, groupKnown: false }))
      .thenFails('error.readingPlan.group');
    given(readingPlanDecider, [])
      .when(create({ unknownMeterNos: ['9001', '9002'] }))
      .thenFails({ key: 'error.readingPlan.meters', params: { meterNos: '9001, 9002' } });
    given(readingPlanDecider, [])
      .when(create({ meterIds: [] }))
      .thenFails('error.readingPlan.empty');
  });

  it('is made once, and deleted once', () => {
    given(readingPlanDecider, [created]).when(create()).thenFails('error.readingPlan.exists');
    const deleted: ReadingPlanEvent = { type: 'ReadingPlanDeleted', data: { planId, by: dispatcher, at } };
    given(readingPlanDecider, [created])
      .when({ type: 'DeleteReadingPlan', planId, actorId: dispatcher, at })
      .then([deleted]);
    given(readingPlanDecider, [created, deleted])
      .when({ type: 'DeleteReadingPlan', planId, actorId: dispatcher, at })
      .thenFails('error.readingPlan.notFound');
  });
});
