import { describe, expect, it } from 'vitest';
import { fold } from '../../src/decider.ts';
import {
  type PhoneCodeEvent,
  phoneCodeDecider,
  SMS_PER_ADDRESS_PER_HOUR,
  type SmsQuotaEvent,
  smsQuotaDecider,
} from '../../src/platform/index.ts';
import { given } from '../spec.ts';

describe('phone code decider (registration)', () => {
  const codeId = '0190a000-0000-7000-8000-000000000040';
  const issued: PhoneCodeEvent = {
    type: 'PhoneCodeIssued',
    data: {
      codeId,
      purpose: 'register',
      phone: '13900000001',
      codeHash: 'right',
      issuedAt: '2026-01-01T00:00:00Z',
      expiresAt: '2026-01-01T00:05:00Z',
    },
  };
  const failed: PhoneCodeEvent = { type: 'PhoneCodeFailed', data: { codeId } };
  const used: PhoneCodeEvent = { type: 'PhoneCodeUsed', data: { codeId } };
  const at = (now: string) => ({ now });
  const check = (codeHash: string, now = '2026-01-01T00:01:00Z') =>
    ({ type: 'CheckPhoneCode', codeHash, ...at(now) }) as const;
  const use = (codeHash: string, now = '2026-01-01T00:01:00Z') =>
    ({ type: 'UsePhoneCode', codeHash, ...at(now), phoneRegistered: false }) as const;

  it('issues a code, then no other within 60 seconds, and at most ten a day', () => {
    const issue = { type: 'IssuePhoneCode' as const, ...issued.data, phoneRegistered: false };
    given(phoneCodeDecider, []).when(issue).then([issued]);
    given(phoneCodeDecider, [issued])
      .when({ ...issue, issuedAt: '2026-01-01T00:00:45Z' })
      .thenFails({ key: 'error.recovery.cooldown', params: { count: 15 } });
    given(phoneCodeDecider, [issued])
      .when({ ...issue, issuedAt: '2026-01-01T00:01:00Z' })
      .thenMatches([{ type: 'PhoneCodeIssued' }]);
    const hour = (h: number) => `2026-01-01T${String(h).padStart(2, '0')}:00:00Z`;
    const ten: PhoneCodeEvent[] = Array.from({ length: 10 }, (_, h) => ({
      type: 'PhoneCodeIssued',
      data: { ...issued.data, issuedAt: hour(h), expiresAt: hour(h) },
    }));
    given(phoneCodeDecider, ten)
      .when({ ...issue, issuedAt: hour(12) })
      .thenFails('error.recovery.dailyLimit');
  });

  it('sends no code to a phone a user already has, and registers no second account with it', () => {
    const taken = 'error.register.phoneTaken';
    given(phoneCodeDecider, [])
      .when({ type: 'IssuePhoneCode', ...issued.data, phoneRegistered: true })
      .thenFails(taken);
    given(phoneCodeDecider, [issued])
      .when({ ...use('right'), phoneRegistered: true })
      .thenFails(taken);
  });

  it('checks the right code without spending it, and records a wrong one as a try', () => {
    given(phoneCodeDecider, [issued]).when(check('right')).then([]);
    given(phoneCodeDecider, [issued]).when(check('wrong')).then([failed]);
    given(phoneCodeDecider, [issued]).when(use('right')).then([used]);
  });

  it('refuses a used code, a code after five wrong tries, an expired code and a phone without code', () => {
    const wrong = 'error.recovery.codeWrong';
    given(phoneCodeDecider, [issued, used]).when(use('right')).thenFails(wrong);
    given(phoneCodeDecider, [issued, failed, failed, failed, failed]).when(check('right')).then([]);
    given(phoneCodeDecider, [issued, failed, failed, failed, failed, failed])
      .when(use('right'))
      .thenFails(wrong);
    given(phoneCodeDecider, [issued]).when(use('right', '2026-01-01T00:05:00Z')).thenFails(wrong);
    given(phoneCodeDecider, []).when(check('right')).thenFails(wrong);
  });

  it('forgets the tries of an older code when a new one is issued', () => {
    const next: PhoneCodeEvent = {
      type: 'PhoneCodeIssued',
      data: {
        ...issued.data,
        codeId: '0190a000-0000-7000-8000-000000000041',
        codeHash: 'new',
        issuedAt: '2026-01-01T00:02:00Z',
        expiresAt: '2026-01-01T00:07:00Z',
      },
    };
    const state = fold(phoneCodeDecider, [issued, failed, failed, failed, failed, failed, next]);
    expect(state.code).toMatchObject({ codeHash: 'new', failures: 0, used: false });
    // A late try of the old code counts for nothing.
    expect(phoneCodeDecider.evolve(state, failed).code?.failures).toBe(0);
  });
});

describe('SMS quota of an address', () => {
  const ip = '203.0.113.7';
  const taken = (at: string): SmsQuotaEvent => ({ type: 'SmsQuotaTaken', data: { ip, at } });
  const minute = (m: number) => `2026-01-01T00:${String(m).padStart(2, '0')}:00Z`;

  it(`sends ${SMS_PER_ADDRESS_PER_HOUR} codes an hour for an address, then refuses until the hour has passed`, () => {
    const full = Array.from({ length: SMS_PER_ADDRESS_PER_HOUR }, (_, m) => taken(minute(m)));
    const take = (at: string) => ({ type: 'TakeSmsQuota' as const, ip, at });
    given(smsQuotaDecider, full.slice(1))
      .when(take(minute(30)))
      .then([taken(minute(30))]);
    given(smsQuotaDecider, full)
      .when(take(minute(30)))
      .thenFails({ key: 'error.sms.addressLimit', params: { count: 30 } });
    given(smsQuotaDecider, full)
      .when(take('2026-01-01T01:00:00Z'))
      .then([taken('2026-01-01T01:00:00Z')]);
  });
});
