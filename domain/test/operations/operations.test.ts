import type { EventData } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import {
  type AlarmNoticesEvent,
  alarmNoticesDecider,
  alarmRuleDecider,
  type MeterAlarmEvent,
  meterAlarmDecider,
  meterAlarmStreamId,
} from '../../src/operations/index.ts';
import { given } from '../spec.ts';

const alarmId = '0190a000-0000-7000-8000-00000000a001';
const raised: EventData<'MeterAlarmRaised'> = {
  alarmId,
  meterId: '0190a000-0000-7000-8000-00000000d001',
  kind: '5',
  day: '2026-11-20',
  level: 'high',
  value: 24,
  threshold: 24,
  source: 'detected',
  notifyRoles: [],
  raisedAt: '2026-11-21T01:00:00.000Z',
};
const history: MeterAlarmEvent[] = [{ type: 'MeterAlarmRaised', data: raised }];
const processed: MeterAlarmEvent = {
  type: 'MeterAlarmProcessed',
  data: { alarmId, remark: 'Leak fixed', processedAt: '2026-11-21T09:00:00.000Z' },
};
const ignored: MeterAlarmEvent = {
  type: 'MeterAlarmIgnored',
  data: { alarmId, ignoredAt: '2026-11-21T09:00:00.000Z' },
};

describe('a meter alarm', () => {
  it('is raised once per meter, kind and day: raising it again changes nothing', () => {
    given(meterAlarmDecider, [])
      .when({ type: 'RaiseMeterAlarm', ...raised })
      .then(history);
    given(meterAlarmDecider, history)
      .when({ type: 'RaiseMeterAlarm', ...raised })
      .then([]);
  });

  it('says when it clears by itself, once, and stays open to be processed', () => {
    const cleared = given(meterAlarmDecider, history)
      .when({ type: 'ClearMeterAlarm', clearedAt: '2026-11-21T05:00:00.000Z' })
      .thenMatches([{ type: 'MeterAlarmCleared', data: { alarmId } }]);
    given(meterAlarmDecider, [...history, ...cleared])
      .when({ type: 'ClearMeterAlarm', clearedAt: '2026-11-21T06:00:00.000Z' })
      .then([]);
    given(meterAlarmDecider, [...history, ...cleared])
      .when({ type: 'ProcessMeterAlarm', remark: 'Leak fixed', processedAt: '2026-11-21T09:00:00.000Z' })
      .then([processed]);
  });

  it('is processed with a remark or ignored, and is closed for good after either', () => {
    given(meterAlarmDecider, history)
      .when({ type: 'IgnoreMeterAlarm', ignoredAt: '2026-11-21T09:00:00.000Z' })
      .then([ignored]);
    for (const closed of [processed, ignored]) {
      given(meterAlarmDecider, [...history, closed])
        .when({ type: 'ProcessMeterAlarm', remark: 'again', processedAt: '2026-11-22T00:00:00.000Z' })
        .thenFails('error.meterAlarm.closed');
      given(meterAlarmDecider, [...history, closed])
        .when({ type: 'IgnoreMeterAlarm', ignoredAt: '2026-11-22T00:00:00.000Z' })
        .thenFails('error.meterAlarm.closed');
      given(meterAlarmDecider, [...history, closed])
        .when({ type: 'ClearMeterAlarm', clearedAt: '2026-11-22T00:00:00.000Z' })
        .then([]);
    }
  });

  it('is being processed once a work order is made from it, and processed when the order is completed', () => {
    const workOrderId = '0190a000-0000-7000-8000-00000000e001';
    const taken: MeterAlarmEvent = {
      type: 'MeterAlarmTakenIntoWork',
      data: { alarmId, workOrderId, takenAt: '2026-11-21T08:00:00.000Z' },
    };
    given(meterAlarmDecider, history)
      .when({ type: 'TakeMeterAlarmIntoWork', workOrderId, takenAt: '2026-11-21T08:00:00.000Z' })
      .then([taken]);
    given(meterAlarmDecider, [...history, processed])
      .when({ type: 'TakeMeterAlarmIntoWork', workOrderId, takenAt: '2026-11-21T10:00:00.000Z' })
      .thenFails('error.meterAlarm.closed');
    const byOrder = {
      type: 'ProcessMeterAlarmByWorkOrder',
      remark: 'Leak fixed',
      processedAt: '2026-11-21T09:00:00.000Z',
    } as const;
    given(meterAlarmDecider, [...history, taken])
      .when(byOrder)
      .then([processed]);
    // Closed by staff while the order was open: the order's completion leaves it as it is.
    given(meterAlarmDecider, [...history, taken, ignored])
      .when(byOrder)
      .then([]);
  });

  it('that was never raised cannot be processed', () => {
    given(meterAlarmDecider, [])
      .when({ type: 'ProcessMeterAlarm', remark: 'x', processedAt: '2026-11-21T09:00:00.000Z' })
      .thenFails('error.meterAlarm.notFound');
  });
});

describe('a system alarm', () => {
  const systemAlarmId = '0190a000-0000-7000-8000-00000000a002';
  const gatewayId = '0190a000-0000-7000-8000-00000000c001';
  const offline: EventData<'SystemAlarmRaised'> = {
    alarmId: systemAlarmId,
    kind: '11',
    subjectId: gatewayId,
    subjectName: 'North concentrator',
    day: '2026-11-20',
    level: 'high',
    value: 180,
    threshold: 120,
    raisedAt: '2026-11-20T03:00:00.000Z',
  };
  const raisedSystem: MeterAlarmEvent[] = [{ type: 'SystemAlarmRaised', data: offline }];

  it('is raised once per subject, kind and day, in a stream named by them', () => {
    given(meterAlarmDecider, [])
      .when({ type: 'RaiseSystemAlarm', ...offline })
      .then(raisedSystem);
    given(meterAlarmDecider, raisedSystem)
      .when({ type: 'RaiseSystemAlarm', ...offline, alarmId: alarmId, raisedAt: '2026-11-20T04:00:00.000Z' })
      .then([]);
    expect(meterAlarmStreamId(offline)).toBe(`${gatewayId}.11.2026-11-20`);
    expect(meterAlarmStreamId({ meterId: raised.meterId, subjectId: null, kind: '5', day: raised.day })).toBe(
      `${raised.meterId}.5.2026-11-20`,
    );
    expect(() =>
      meterAlarmStreamId({ meterId: null, subjectId: null, kind: '5', day: raised.day }),
    ).toThrow();
  });

  it('clears by itself once, and is processed or ignored like a meter alarm', () => {
    const cleared = given(meterAlarmDecider, raisedSystem)
      .when({ type: 'ClearMeterAlarm', clearedAt: '2026-11-20T05:00:00.000Z' })
      .thenMatches([{ type: 'MeterAlarmCleared', data: { alarmId: systemAlarmId } }]);
    given(meterAlarmDecider, [...raisedSystem, ...cleared])
      .when({ type: 'ClearMeterAlarm', clearedAt: '2026-11-20T06:00:00.000Z' })
      .then([]);
    const processedSystem = given(meterAlarmDecider, [...raisedSystem, ...cleared])
      .when({ type: 'ProcessMeterAlarm', remark: 'Power restored', processedAt: '2026-11-20T07:00:00.000Z' })
      .then([
        {
          type: 'MeterAlarmProcessed',
          data: { alarmId: systemAlarmId, remark: 'Power restored', processedAt: '2026-11-20T07:00:00.000Z' },
        },
      ]);
    given(meterAlarmDecider, [...raisedSystem, ...processedSystem])
      .when({ type: 'IgnoreMeterAlarm', ignoredAt: '2026-11-20T08:00:00.000Z' })
      .thenFails('error.meterAlarm.closed');
    given(meterAlarmDecider, raisedSystem)
      .when({ type: 'IgnoreMeterAlarm', ignoredAt: '2026-11-20T08:00:00.000Z' })
      .then([
        {
          type: 'MeterAlarmIgnored',
          data: { alarmId: systemAlarmId, ignoredAt: '2026-11-20T08:00:00.000Z' },
        },
      ]);
  });
});

describe('an alarm rule', () => {
  const rule: EventData<'AlarmRuleSaved'> = {
    ruleId: '0190a000-0000-7000-8000-00000000b001',
    kind: '1',
    enabled: true,
    threshold: 3.2,
    level: 'medium',
    notifyRoles: ['admin'],
    notifyCustomer: false,
    scope: 'all',
    scopeId: null,
    savedAt: '2026-11-20T00:00:00.000Z',
  };

  it('is created once, changed while it exists, and deleted', () => {
    const saved = given(alarmRuleDecider, [])
      .when({ type: 'Save', ...rule, facts: { creating: true, scopeExists: true } })
      .then([{ type: 'AlarmRuleSaved', data: rule }]);
    given(alarmRuleDecider, saved)
      .when({ type: 'Save', ...rule, facts: { creating: true, scopeExists: true } })
      .thenFails('error.alarmRule.exists');
    given(alarmRuleDecider, saved)
      .when({ type: 'Save', ...rule, enabled: false, facts: { creating: false, scopeExists: true } })
      .thenMatches([{ type: 'AlarmRuleSaved', data: { enabled: false } }]);
    given(alarmRuleDecider, saved)
      .when({ type: 'Delete' })
      .then([{ type: 'AlarmRuleDeleted', data: { ruleId: rule.ruleId } }]);
  });

  it('names a meter type or group of the tenant', () => {
    given(alarmRuleDecider, [])
      .when({
        type: 'Save',
        ...rule,
        scope: 'group',
        scopeId: rule.ruleId,
        facts: { creating: true, scopeExists: false },
      })
      .thenFails('error.alarmRule.scopeNotFound');
  });

  it('that does not exist cannot be changed or deleted', () => {
    given(alarmRuleDecider, [])
      .when({ type: 'Save', ...rule, facts: { creating: false, scopeExists: true } })
      .thenFails('error.alarmRule.notFound');
    given(alarmRuleDecider, []).when({ type: 'Delete' }).thenFails('error.alarmRule.notFound');
  });
});

describe("a user's notices", () => {
  const viewed: AlarmNoticesEvent = {
    type: 'AlarmNoticeViewed',
    data: { userId: 'u1', alarmId, viewedAt: '2026-11-21T09:00:00.000Z' },
  };

  it('records a viewed notice once', () => {
    given(alarmNoticesDecider, [])
      .when({ type: 'ViewNotice', userId: 'u1', alarmId, viewedAt: '2026-11-21T09:00:00.000Z' })
      .then([viewed]);
    given(alarmNoticesDecider, [viewed])
      .when({ type: 'ViewNotice', userId: 'u1', alarmId, viewedAt: '2026-11-21T10:00:00.000Z' })
      .then([]);
  });

  it('clears the types asked for, each once', () => {
    given(alarmNoticesDecider, [])
      .when({
        type: 'CleanNotices',
        userId: 'u1',
        alarmTypes: [1, 0, 1],
        cleanedAt: '2026-11-21T09:00:00.000Z',
      })
      .then([
        {
          type: 'AlarmNoticesCleaned',
          data: { userId: 'u1', alarmTypes: [0, 1], cleanedAt: '2026-11-21T09:00:00.000Z' },
        },
      ]);
  });
});
