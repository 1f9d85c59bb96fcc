// @vitest-environment jsdom

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown.ts';

describe('a countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down a second a step to 0, and stops there', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(2));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.left).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.left).toBe(0);
  });

  it('ends with a wait that began mid-second: its first step is the part of a second left', () => {
    const { result } = renderHook(() => useCountdown());
    // 2.3 s to wait: shown as 3, then 2 after 0.3 s, 1 after 1.3 s, 0 after 2.3 s.
    act(() => result.current.start(3, 300));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(0);
  });
});
