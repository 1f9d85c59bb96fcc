import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesBetween,
  formatInZone,
  localDate,
  localMidnight,
  todayIn,
  zoneOffsetMs,
} from './tenantTime.ts';

describe('the tenant’s days and times', () => {
  it('reads an instant on the wall clock of the zone, not the browser’s', () => {
    const t = Date.parse('2026-11-23T16:30:05Z');
    expect(localDate(t, 'Asia/Shanghai')).toBe('2026-11-24');
    expect(localDate(t, 'America/New_York')).toBe('2026-11-23');
    expect(formatInZone(t, 'Asia/Shanghai')).toBe('2026-11-24 00:30:05');
    expect(formatInZone('2026-11-23T16:30:05.000Z', 'Asia/Kolkata', 'YYYY-MM-DD HH:mm')).toBe(
      '2026-11-23 22:00',
    );
    expect(formatInZone(t, 'UTC', 'MM-DD')).toBe('11-23');
    expect(formatInZone(t, 'Europe/Paris', 'HH:mm')).toBe('17:30');
    expect(formatInZone('not a time', 'UTC')).toBe('');
    expect(todayIn('Asia/Shanghai', t)).toBe('2026-11-24');
  });

  it('finds the instant a local day begins, across daylight saving changes', () => {
    expect(new Date(localMidnight('2026-11-24', 'Asia/Shanghai')).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
    // Paris: UTC+2 in summer, UTC+1 from 25 October 2026.
    expect(new Date(localMidnight('2026-10-25', 'Europe/Paris')).toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(new Date(localMidnight('2026-10-26', 'Europe/Paris')).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    expect(zoneOffsetMs('Asia/Kolkata', Date.parse('2026-01-01T00:00:00Z'))).toBe(5.5 * 3_600_000);
  });

  it('counts calendar days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});
