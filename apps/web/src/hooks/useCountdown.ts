import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again (a code sent anew, a click the debounce holds back):
 * `start(n)` counts down from n to 0, a second a step. `firstStepMs` shortens the first step, so that the
 * count ends when a wait that began mid-second does.
 */
export function useCountdown() {
  const [count, setCount] = useState({ left: 0, stepMs: 1000 });
  useEffect(() => {
    if (count.left <= 0) return;
    const timer = setTimeout(() => setCount({ left: count.left - 1, stepMs: 1000 }), count.stepMs);
    return () => clearTimeout(timer);
  }, [count]);
  const start = useCallback(
    (seconds: number, firstStepMs = 1000) => setCount({ left: seconds, stepMs: firstStepMs }),
    [],
  );
  return { left: count.left, start };
}
