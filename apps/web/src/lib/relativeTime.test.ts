import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relative times', () => {
  it('count in the largest unit that fits, "now" under 45 seconds', () => {
    expect(relativeTime(ago(10), 'en', NOW)).toBe('now');
    expect(relativeTime(ago(3 * 60), 'en', NOW)).toBe('3 minutes ago');
    expect(relativeTime(ago(2 * 3600 + 60), 'en', NOW)).toBe('2 hours ago');
    expect(relativeTime(ago(86400), 'en', NOW)).toBe('yesterday');
    expect(relativeTime(ago(5 * 86400), 'en', NOW)).toBe('5 days ago');
    expect(relativeTime(ago(90 * 86400), 'en', NOW)).toBe('3 months ago');
    expect(relativeTime(ago(800 * 86400), 'en', NOW)).toBe('2 years ago');
  });

  it('speak the interface language and handle times ahead of now', () => {
    expect(relativeTime(ago(3 * 60), 'fr', NOW)).toBe('il y a 3 minutes');
    expect(relativeTime(ago(3 * 60), 'zh-CN', NOW)).toBe('3分钟前');
    expect(relativeTime(ago(-2 * 3600), 'en', NOW)).toBe('in 2 hours');
  });
});
