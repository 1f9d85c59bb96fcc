import type { DomainEvent } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type Decider, type DomainError, fold } from '../../src/decider.ts';
import {
  type PhoneCodeEvent,
  phoneCodeDecider,
  SMS_PER_ADDRESS_PER_HOUR,
  type SmsQuotaEvent,
  smsQuotaDecider,
} from '../../src/platform/index.ts';

/** given(events) / when(command) / then(events | error) */
function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[]) {
  return { when: (command: C) => decider.decide(command, fold(decider, events)) };
}
const keyOf = (result: unknown) => (result as DomainError).key;

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
    ({ type: 'UsePhoneCode', codeHash, ...at(now) }) as const;

  it('issues a code, then no other within 60 seconds, and at most ten a day', () => {
    const issue = { type: 'IssuePhoneCode' as const, ...issued.data };
    expect(given(phoneCodeDecider, []).when(issue)).toEqual([issued]);
    const soon = given(phoneCodeDecider, [issued]).when({ ...issue, issuedAt: '2026-01-01T00:00:45Z' });
    expect(keyOf(soon)).toBe('error.recovery.cooldown');
    expect((soon as DomainError).params).toEqual({ seconds: 15 });
    expect(
      given(phoneCodeDecider, [issued]).when({ ...issue, issuedAt: '2026-01-01T00:01:00Z' }),
    ).toHaveLength(1);
    const hour = (h: number) => `2026-01-01T${String(h).padStart(2, '0')}:00:00Z`;
    const ten: PhoneCodeEvent[] = Array.from({ length: 10 }, (_, h) => ({
      type: 'PhoneCodeIssued',
      data: { ...issued.data, issuedAt: hour(h), expiresAt: hour(h) },
    }));
    expect(keyOf(given(phoneCodeDecider, ten).when({ ...issue, issuedAt: hour(12) }))).toBe(
      'error.recovery.dailyLimit',
    );
  });

  it('checks the right code without spending it, and records a wrong one as a try', () => {
    expect(given(phoneCodeDecider, [issued]).when(check('right'))).toEqual([]);
    expect(given(phoneCodeDecider, [issued]).when(check('wrong'))).toEqual([failed]);
    expect(given(phoneCodeDecider, [issued]).when(use('right'))).toEqual([used]);
  });

  it('refuses a used code, a code after five wrong tries, an expired code and a phone without code', () => {
    const wrong = 'error.recovery.codeWrong';
    expect(keyOf(given(phoneCodeDecider, [issued, used]).when(use('right')))).toBe(wrong);
    expect(given(phoneCodeDecider, [issued, failed, failed, failed, failed]).when(check('right'))).toEqual(
      [],
    );
    expect(
      keyOf(given(phoneCodeDecider, [issued, failed, failed, failed, failed, failed]).when(use('right'))),
    ).toBe(wrong);
    expect(keyOf(given(phoneCodeDecider, [issued]).when(use('right', '2026-01-01T00:05:00Z')))).toBe(wrong);
    expect(keyOf(given(phoneCodeDecider, []).when(check('right')))).toBe(wrong);
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
    expect(given(smsQuotaDecider, full.slice(1)).when(take(minute(30)))).toEqual([taken(minute(30))]);
    const refused = given(smsQuotaDecider, full).when(take(minute(30)));
    expect(keyOf(refused)).toBe('error.sms.addressLimit');
    expect((refused as DomainError).params).toEqual({ minutes: 30 });
    expect(given(smsQuotaDecider, full).when(take('2026-01-01T01:00:00Z'))).toEqual([
      taken('2026-01-01T01:00:00Z'),
    ]);
  });
});
