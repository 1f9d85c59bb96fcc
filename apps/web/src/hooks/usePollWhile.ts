import { useEffect } from 'react';

/** Calls `poll` every `ms` while `active` (a command under way), and stops when it no longer is. */
export function usePollWhile(active: boolean, poll: () => void, ms = 3000) {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(poll, ms);
    return () => clearInterval(timer);
  }, [active, poll, ms]);
}
