import { useEffect } from 'react';
import { refreshToken } from '../api/session.ts';
import { getExpiresIn, setExpiresIn } from '../lib/token.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Keeps an active session alive: at half its lifetime, POST /auth/refresh if the user did something
 * since the last refresh. An idle session runs out as the server decides.
 */
export function useTokenRefresh(): void {
  useEffect(() => {
    const minutes = getExpiresIn();
    if (!minutes) return;
    let active = false;
    const mark = () => {
      active = true;
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, mark, { passive: true });
    const timer = setInterval(
      () => {
        if (!active) return;
        active = false;
        refreshToken().then(
          (data) => setExpiresIn(data.expires_in),
          () => undefined,
        );
      },
      (minutes * 60_000) / 2,
    );
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, mark);
    };
  }, []);
}
